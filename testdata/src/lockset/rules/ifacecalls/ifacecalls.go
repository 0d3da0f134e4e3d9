package ifacecalls // want package:"lockset summaries"

import "sync"

// Store stores.
type Store interface {
	Put(k string, v int)
	Get(k string) int
}

type memStore struct{ m map[string]int }

func (s *memStore) Put(k string, v int) { s.m[k] = v }
func (s *memStore) Get(k string) int    { return s.m[k] } // want `s.store.m\[\*\] is read in \(\*Server\).Lookup via \(\*memStore\).Get without a lock and written in \(\*Server\).Set via \(\*memStore\).Put holding s.mu`

// Server guards its store, always a *memStore, with its lock.
type Server struct {
	mu    sync.Mutex
	store Store
}

// New makes a server.
func New() *Server { return &Server{store: &memStore{m: map[string]int{}}} }

// Set locks.
func (s *Server) Set(k string, v int) { s.mu.Lock(); s.store.Put(k, v); s.mu.Unlock() }

// Lookup forgets the lock.
func (s *Server) Lookup(k string) int { return s.store.Get(k) }

// LookupLocked locks: race-free.
func (s *Server) LookupLocked(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.store.Get(k)
}

// Proxy's store is whatever its caller gives: its calls stay unknown.
type Proxy struct {
	mu    sync.Mutex
	store Store
}

// NewProxy makes a proxy on s.
func NewProxy(s Store) *Proxy { return &Proxy{store: s} }

// Set locks.
func (p *Proxy) Set(k string, v int) { p.mu.Lock(); p.store.Put(k, v); p.mu.Unlock() }

// Lookup does not, but nothing says what the store does.
func (p *Proxy) Lookup(k string) int { return p.store.Get(k) }
