package cache

import "sync"

type Cache struct {
	mu    sync.RWMutex
	items map[string][]byte
	load  func(string) []byte
	hits  int
}

func New(load func(string) []byte) *Cache {
	return &Cache{items: make(map[string][]byte), load: load}
}

// Get uses double-checked locking: read lock fast path, write lock slow path.
func (c *Cache) Get(key string) []byte {
	c.mu.RLock()
	v, ok := c.items[key]
	c.mu.RUnlock()
	if ok {
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; ok {
		return v
	}
	v = c.load(key)
	c.items[key] = v
	return v
}

func (c *Cache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.items)
}

func (c *Cache) Invalidate(key string) {
	c.mu.Lock()
	delete(c.items, key)
	c.mu.Unlock()
}

func (c *Cache) Hit() {
	c.mu.Lock()
	c.hits++
	c.mu.Unlock()
}

func (c *Cache) Stats() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.hits
}

// Lazy field initialised under double-checked locking.
type Index struct {
	mu    sync.RWMutex
	built map[string]int
	words []string
}

func (x *Index) Lookup(w string) (int, bool) {
	x.mu.RLock()
	if x.built != nil {
		i, ok := x.built[w]
		x.mu.RUnlock()
		return i, ok
	}
	x.mu.RUnlock()
	x.mu.Lock()
	if x.built == nil {
		m := make(map[string]int, len(x.words))
		for i, w := range x.words {
			m[w] = i
		}
		x.built = m
	}
	i, ok := x.built[w]
	x.mu.Unlock()
	return i, ok
}

func (x *Index) Add(w string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.words = append(x.words, w)
	x.built = nil
}
