package future

type Fetch struct {
	Err  error
	done chan struct{}
}

func Start(f func() error) *Fetch {
	ft := &Fetch{done: make(chan struct{})}
	go func() {
		defer close(ft.done)
		ft.Err = f()
	}()
	return ft
}

func (ft *Fetch) Wait() error { <-ft.done; return ft.Err }

func (ft *Fetch) Failed() bool { return ft.Err != nil } // race:

func Run() bool {
	ft := Start(func() error { return nil })
	return ft.Failed()
}
