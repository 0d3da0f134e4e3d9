package cow

import (
	"maps"
	"sync"
	"sync/atomic"
)

type Config struct {
	Endpoint string
	Timeout  int
	Flags    map[string]bool
}

// Store holds the current config; readers never lock.
type Store struct {
	cur atomic.Pointer[Config]
	mu  sync.Mutex // serialises writers
}

func NewStore(c *Config) *Store {
	s := &Store{}
	s.cur.Store(c)
	return s
}

func (s *Store) Get() *Config { return s.cur.Load() }

func (s *Store) Endpoint() string { return s.cur.Load().Endpoint }

func (s *Store) Enabled(flag string) bool { return s.cur.Load().Flags[flag] }

// SetFlag copies the current config, modifies the copy, and swaps it in.
func (s *Store) SetFlag(flag string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.cur.Load()
	next := *old
	next.Flags = maps.Clone(old.Flags)
	if next.Flags == nil {
		next.Flags = map[string]bool{}
	}
	next.Flags[flag] = on
	s.cur.Store(&next)
}

func (s *Store) SetTimeout(t int) {
	for {
		old := s.cur.Load()
		next := &Config{Endpoint: old.Endpoint, Timeout: t, Flags: old.Flags}
		if s.cur.CompareAndSwap(old, next) {
			return
		}
	}
}

// Value-based variant with atomic.Value.
type Routes struct {
	v  atomic.Value // map[string]string, never mutated after Store
	mu sync.Mutex
}

func (r *Routes) Lookup(k string) string {
	m, _ := r.v.Load().(map[string]string)
	return m[k]
}

func (r *Routes) Add(k, v string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	old, _ := r.v.Load().(map[string]string)
	next := make(map[string]string, len(old)+1)
	for kk, vv := range old {
		next[kk] = vv
	}
	next[k] = v
	r.v.Store(next)
}
