package keylock

import "sync"

type entry struct {
	mu sync.Mutex
	n  int
}

type Counters struct {
	mu sync.Mutex
	m  map[string]*entry
}

func (c *Counters) Incr(key string) {
	c.mu.Lock()
	e, ok := c.m[key]
	if !ok {
		e = &entry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	e.n++
	e.mu.Unlock()
}

// Striped locks: the value sits in one map, its lock in another.
type Striped struct {
	mu    sync.Mutex
	locks map[string]*sync.Mutex
	vals  map[string]*int
}

func (s *Striped) Incr(key string) {
	s.mu.Lock()
	l, ok := s.locks[key]
	if !ok {
		l = new(sync.Mutex)
		s.locks[key] = l
		s.vals[key] = new(int)
	}
	v := s.vals[key]
	s.mu.Unlock()
	l.Lock()
	*v++
	l.Unlock()
}

func Run(c *Counters, s *Striped) {
	go c.Incr("a")
	go s.Incr("a")
	c.Incr("a")
	s.Incr("a")
}
