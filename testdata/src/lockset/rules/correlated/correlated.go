package correlated // want package:"lockset summaries"

import "sync"

// This package pins branches that test the same boolean twice: the lock
// taken on the first branch protects the access on the second.

type Cache struct {
	mu      sync.RWMutex
	entries map[string]int
	hits    int
}

// Lookup takes the write lock only when it will fill the cache, and
// fills it only then. Quiet.
func (c *Cache) Lookup(k string) int {
	fill := c.entries != nil
	if fill {
		c.mu.Lock()
	} else {
		c.mu.RLock()
	}
	v := len(k)
	if fill {
		c.entries[k] = v
	}
	if fill {
		c.mu.Unlock()
	} else {
		c.mu.RUnlock()
	}
	return v
}

// Count writes on the branch where it took only the read lock: racy.
func (c *Cache) Count(k string) {
	fill := c.entries != nil
	if fill {
		c.mu.Lock()
	} else {
		c.mu.RLock()
	}
	if !fill {
		c.hits++ // want `c.hits is read in \(\*Cache\).Count holding c.mu \(read\) and written in another call of \(\*Cache\).Count holding c.mu \(read\)`
	}
	if fill {
		c.mu.Unlock()
	} else {
		c.mu.RUnlock()
	}
}
