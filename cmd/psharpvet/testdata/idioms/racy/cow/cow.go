package cow

import (
	"sync"
	"sync/atomic"
)

type Config struct {
	Endpoint string
	Flags    map[string]bool
}

type Store struct {
	cur atomic.Pointer[Config]
	mu  sync.Mutex
}

func NewStore(c *Config) *Store {
	s := &Store{}
	s.cur.Store(c)
	return s
}

func (s *Store) Enabled(flag string) bool { return s.cur.Load().Flags[flag] }

func (s *Store) Endpoint() string { return s.cur.Load().Endpoint }

// SetFlag copies the struct but shares the map, then writes into it.
func (s *Store) SetFlag(flag string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := *s.cur.Load()
	next.Flags[flag] = on // race:
	s.cur.Store(&next)
}

// SetEndpoint mutates the published config in place.
func (s *Store) SetEndpoint(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur.Load().Endpoint = e // race:
}

// Mixed atomic / plain access.
type Counter struct {
	n int64
}

func (c *Counter) Inc() { atomic.AddInt64(&c.n, 1) }

func (c *Counter) Get() int64 {
	return c.n // race:
}

// atomic.Value holding a slice that is appended to after Store.
type Peers struct {
	v  atomic.Value
	mu sync.Mutex
}

func (p *Peers) List() []string {
	l, _ := p.v.Load().([]string)
	return l
}

func (p *Peers) First() string {
	l := p.List()
	if len(l) == 0 {
		return ""
	}
	return l[0]
}

func (p *Peers) Replace(i int, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l, _ := p.v.Load().([]string)
	l[i] = s // race:
	p.v.Store(l)
}
