package containerresults // want package:"lockset summaries"

// This package pins that a map or slice a getter returns is the field it
// holds: the getter's lock does not cover what its caller does to the
// elements afterwards.

import "sync"

// Cache guards its items with mu.
type Cache struct {
	mu    sync.Mutex
	items map[string]int
	order []string
}

// Set writes under the lock.
func (c *Cache) Set(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = v
	c.order[0] = k
}

// Items returns the map itself.
func (c *Cache) Items() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.items
}

// Order returns the slice itself.
func (c *Cache) Order() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order
}

// Sum ranges over the map Items returned, without the lock.
func (c *Cache) Sum() int {
	s := 0
	for _, v := range c.Items() { // want `c.items\[\*\] is read in \(\*Cache\).Sum without a lock and written in \(\*Cache\).Set holding c.mu`
		s += v
	}
	return s
}

// Count takes the map's length, which insertions write.
func (c *Cache) Count() int { return len(c.Items()) } // want `c.items\[\*\] is read in \(\*Cache\).Count without a lock and written in \(\*Cache\).Set holding c.mu`

// First reads the slice's first element.
func (c *Cache) First() string {
	order := c.Order()
	if len(order) == 0 {
		return ""
	}
	return order[0] // want `c.order\[0\] is read in \(\*Cache\).First without a lock and written in \(\*Cache\).Set holding c.mu`
}

// Snapshot copies under the lock: what it returns is its own.
func (c *Cache) Snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int, len(c.items))
	for k, v := range c.items {
		out[k] = v
	}
	return out
}

// SumCopy ranges over the copy: quiet.
func (c *Cache) SumCopy() int {
	s := 0
	for _, v := range c.Snapshot() {
		s += v
	}
	return s
}

// itemsLocked expects its caller to hold mu.
func (c *Cache) itemsLocked() map[string]int { return c.items }

// SumLocked holds the lock around the use: quiet.
func (c *Cache) SumLocked() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := 0
	for _, v := range c.itemsLocked() {
		s += v
	}
	return s
}
