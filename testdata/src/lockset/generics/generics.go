package generics // want package:"lockset summaries"

import "sync"

// Cache is generic; its methods are analysed on their generic bodies.
type Cache[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
	n  int
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *Cache[K, V]) Put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = v
	c.n++
}

func (c *Cache[K, V]) Len() int {
	return c.n // want `c.n is read in \(\*Cache\).Len without a lock and written in \(\*Cache\).Put holding c.mu`
}

// Use instantiates the generic type; calls go through instantiations.
func Use() int {
	c := &Cache[string, int]{m: map[string]int{}}
	c.Put("a", 1)
	return c.Len()
}

// Map applies f under a lock held by its caller-supplied mutex.
func Map[T any](mu *sync.Mutex, xs []T, f func(T) T) {
	mu.Lock()
	defer mu.Unlock()
	for i := range xs {
		xs[i] = f(xs[i])
	}
}

// Pool uses the generic helper with its lock.
type Pool struct {
	mu    sync.Mutex
	items []int
}

func (p *Pool) Double() { Map(&p.mu, p.items, func(x int) int { return 2 * x }) }

func (p *Pool) Set(i, v int) {
	p.mu.Lock()
	p.items[i] = v
	p.mu.Unlock()
}

// Sublist is a generic type whose helper takes the lock only when asked
// (boolargs.go): the call's constant is followed into the generic body,
// through the instantiation that calls it.
type Sublist[T comparable] struct {
	sync.RWMutex
	count int
	subs  map[T]bool
}

func (s *Sublist[T]) remove(v T, shouldLock bool) {
	if shouldLock {
		s.Lock()
		defer s.Unlock()
	}
	delete(s.subs, v) // want `s.subs\[\*\] is written in \(\*Sublist\).Drop via \(\*Sublist\).remove without a lock and written in \(\*Sublist\).Remove via \(\*Sublist\).remove holding s.RWMutex`
	s.count--         // want `s.count is written in \(\*Sublist\).Drop via \(\*Sublist\).remove without a lock and read in \(\*Sublist\).Remove`
}

// Remove asks for the lock: quiet.
func (s *Sublist[T]) Remove(v T) { s.remove(v, true) }

// Drop does not, and holds nothing: reported.
func (s *Sublist[T]) Drop(v T) { s.remove(v, false) }

func (s *Sublist[T]) Count() int {
	s.RLock()
	defer s.RUnlock()
	return s.count
}
