package cowshallow

import (
	"sync"
	"sync/atomic"
)

type Config struct{ Flags map[string]bool }

type Store struct {
	mu  sync.Mutex
	cur atomic.Pointer[Config]
}

func (s *Store) Enabled(f string) bool { return s.cur.Load().Flags[f] }

func (s *Store) SetFlag(f string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := *s.cur.Load()
	next.Flags[f] = true // race:
	s.cur.Store(&next)
}

func Run(s *Store) bool {
	go s.SetFlag("x")
	return s.Enabled("x")
}
