package broadcast

import (
	"errors"
	"sync"
)

type Loader struct {
	ready chan struct{}
	data  map[string]string
	err   error
}

// err is written after the broadcast close.
func Load() *Loader {
	l := &Loader{ready: make(chan struct{})}
	go func() {
		l.data = map[string]string{"k": "v"}
		close(l.ready)
		l.err = validate(l.data) // race:
	}()
	return l
}

func (l *Loader) Get(k string) (string, error) {
	<-l.ready
	if l.err != nil {
		return "", l.err
	}
	return l.data[k], nil
}

func validate(m map[string]string) error {
	if len(m) == 0 {
		return errors.New("empty")
	}
	return nil
}

type Service struct {
	stop  chan struct{}
	wg    sync.WaitGroup
	ticks int
}

func NewService() *Service {
	s := &Service{stop: make(chan struct{})}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *Service) loop() {
	defer s.wg.Done()
	for {
		select {
		case <-s.stop:
			return
		default:
		}
		s.ticks++
	}
}

// Stop closes the channel but reads ticks without waiting for the loop.
func (s *Service) Stop() int {
	close(s.stop)
	n := s.ticks // race:
	s.wg.Wait()
	return n
}

// Ready flag checked without synchronisation instead of waiting on the channel.
type Server struct {
	started chan struct{}
	ready   bool
	addr    string
}

func StartServer() *Server {
	s := &Server{started: make(chan struct{})}
	go func() {
		s.addr = "127.0.0.1:80"
		s.ready = true // race:
		close(s.started)
	}()
	return s
}

func (s *Server) Addr() string {
	if !s.ready {
		<-s.started
	}
	return s.addr
}
