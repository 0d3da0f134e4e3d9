package ctorclosure

// Goroutine started as a closure in a constructor: missed.
type Fetch struct {
	Err  error
	done chan struct{}
}

func Start(f func() error) *Fetch {
	ft := &Fetch{done: make(chan struct{})}
	go func() {
		ft.Err = f() // race:
		close(ft.done)
	}()
	return ft
}

func (ft *Fetch) Failed() bool { return ft.Err != nil }

// Same thing with a method started by go: reported.
type Fetch2 struct {
	Err  error
	f    func() error
	done chan struct{}
}

func Start2(f func() error) *Fetch2 {
	ft := &Fetch2{f: f, done: make(chan struct{})}
	go ft.run()
	return ft
}

func (ft *Fetch2) run() {
	ft.Err = ft.f() // race:
	close(ft.done)
}

func (ft *Fetch2) Failed() bool { return ft.Err != nil }
