package ctor // want package:"lockset summaries"

import "sync"

// Cache is built by a constructor that writes its fields before the
// object escapes: quiet.
type Cache struct {
	mu    sync.Mutex
	items map[string]int
	size  int
}

func NewCache(size int) *Cache {
	c := &Cache{size: size}
	c.items = make(map[string]int)
	c.reset()
	return c
}

func (c *Cache) reset() { c.items = map[string]int{} }

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.size {
		c.reset()
	}
	c.items[k] = v
}

// Size reads a field that Resize writes. Neither locks, and nothing
// declares that the two are called concurrently: quiet by default
// (lockset/strict reports the pair).
func (c *Cache) Size() int {
	return c.size
}

// Resize writes it without the lock that Put does not take either for
// the read: a race with Put's read.
func (c *Cache) Resize(n int) {
	c.size = n // want `c.size is written in \(\*Cache\).Resize without a lock and read in \(\*Cache\).Put holding c.mu`
}

// Builder values are local to each call: quiet.
func Build() *Cache {
	b := new(Cache)
	b.size = 3
	b.Put("x", 1)
	b.size = 4
	return b
}
