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

// Get: the fast path checks the map without any lock.
func (c *Cache) Get(key string) []byte {
	if v, ok := c.items[key]; ok { // race:
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; ok {
		return v
	}
	v := c.load(key)
	c.items[key] = v
	return v
}

// Lookup counts hits under the read lock only.
func (c *Cache) Lookup(key string) ([]byte, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[key]
	if ok {
		c.hits++ // race:
	}
	return v, ok
}

func (c *Cache) Hits() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.hits
}

type Index struct {
	mu    sync.RWMutex
	built map[string]int
	words []string
}

// Lookup checks built outside the lock (broken double-checked locking).
func (x *Index) Lookup(w string) (int, bool) {
	if x.built == nil { // race:
		x.mu.Lock()
		if x.built == nil {
			m := make(map[string]int)
			for i, w := range x.words {
				m[w] = i
			}
			x.built = m
		}
		x.mu.Unlock()
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	i, ok := x.built[w]
	return i, ok
}

func (x *Index) Add(w string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.words = append(x.words, w)
	x.built = nil
}
