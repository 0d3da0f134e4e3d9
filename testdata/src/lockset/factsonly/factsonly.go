package factsonly // want package:"lockset summaries: 2"

import "sync"

// With -factsonly the pass exports the summaries of Inc and Get, which
// importers read, and reports nothing: Get's unlocked read of n, racy
// with Inc, has no want line.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *Counter) Get() int { return c.n }
