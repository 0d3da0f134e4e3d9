package flagbefore

type Server struct {
	started chan struct{}
	ready   bool
}

func Start() *Server {
	s := &Server{started: make(chan struct{})}
	go func() {
		s.ready = true // race:
		close(s.started)
	}()
	return s
}

func (s *Server) Wait() {
	if !s.ready {
		<-s.started
	}
}

func Run() { Start().Wait() }
