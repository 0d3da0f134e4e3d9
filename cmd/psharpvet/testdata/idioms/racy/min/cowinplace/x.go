package cowinplace

import (
	"sync"
	"sync/atomic"
)

type Config struct{ Endpoint string }

type Store struct {
	mu  sync.Mutex
	cur atomic.Pointer[Config]
}

func (s *Store) Endpoint() string { return s.cur.Load().Endpoint }

func (s *Store) SetEndpoint(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur.Load().Endpoint = e // race:
}

func Run(s *Store) string {
	go s.SetEndpoint("x")
	return s.Endpoint()
}
