// Package hidden tests hidden types: unexported types whose methods only
// the package calls by name are not entry points of their own; their
// callers are.
package hidden

import (
	"sync"
)

type metrics struct{ hits int }

// policy is hidden: only Cache's methods and the constructor call it.
type policy struct {
	mu      sync.Mutex
	metrics *metrics
	evict   int
	pushes  int
	size    int
}

// CollectMetrics runs while the cache is built, before anyone else can
// reach the policy: quiet.
func (p *policy) CollectMetrics(m *metrics) { p.metrics = m }

func (p *policy) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.metrics != nil {
		p.metrics.hits++
	}
	p.evict += n
	if p.evict > p.size {
		p.evict = 0
	}
}

// Resize writes size without the lock that Add holds; Cache.Resize calls
// it on a published cache.
func (p *policy) Resize(n int) {
	p.size = n // want `c.policy.size is written in \(\*Cache\).Resize via \(\*policy\).Resize without a lock and read in \(\*Cache\).Set via \(\*policy\).Add holding c.policy.mu`
}

func (p *policy) Cap() int { return p.size }

type Cache struct {
	mu     sync.Mutex
	policy *policy
	items  map[int]int
}

func NewCache() *Cache {
	c := &Cache{policy: &policy{}, items: map[int]int{}}
	c.policy.CollectMetrics(&metrics{})
	return c
}

func (c *Cache) Set(k, v int) {
	c.mu.Lock()
	c.items[k] = v
	c.mu.Unlock()
	c.policy.Add(1)
	_ = c.policy.Cap()
}

func (c *Cache) Resize(n int) { c.policy.Resize(n) }

// A value of shard is converted to an interface, so code outside may
// call its exported methods; Cleanup's parameter hands a policy in, not
// out, and leaves the policy hidden.
type shard struct {
	mu sync.Mutex
	n  int
}

type cleaner interface{ Cleanup(p *policy) }

func (s *shard) Cleanup(p *policy) {
	s.mu.Lock()
	s.n = 0
	s.mu.Unlock()
}

func (c *Cache) cleaner() cleaner { return &shard{} }

// consumer is an unexported interface that the cache's ring calls: the
// policy converted to it is called through Push only, an entry point
// (racy), while its other methods stay quiet.
type consumer interface{ Push(keys []int) bool }

type ring struct{ c consumer }

func (p *policy) Push(keys []int) bool {
	p.mu.Lock()
	n := p.pushes
	p.mu.Unlock()
	p.pushes = n + len(keys) // want `p.pushes is written in \(\*policy\).Push without a lock and read in another call of \(\*policy\).Push holding p.mu`
	return true
}

func (c *Cache) ring() *ring { return &ring{c: c.policy} }
