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
