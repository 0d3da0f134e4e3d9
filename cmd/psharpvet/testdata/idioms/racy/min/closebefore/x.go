package closebefore

type Loader struct {
	ready chan struct{}
	err   error
}

func Load(validate func() error) *Loader {
	l := &Loader{ready: make(chan struct{})}
	go func() {
		close(l.ready)
		l.err = validate() // race:
	}()
	return l
}

func (l *Loader) Err() error {
	<-l.ready
	return l.err
}

func Run() error { return Load(func() error { return nil }).Err() }
