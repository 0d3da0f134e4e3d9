package docheld

import "sync"

type Cache struct {
	mu sync.Mutex
	m  map[string]int
}

// getLocked looks k up. c.mu must be held.
func (c *Cache) getLocked(k string) int { return c.m[k] }

func (c *Cache) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.getLocked("n")
}

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

// Peek forgot the lock.
func (c *Cache) Peek(k string) int {
	return c.getLocked(k) // race:
}

type Conf struct {
	mu   sync.Mutex
	name string
}

// nameLocked returns the name. Lock should be held.
func (c *Conf) nameLocked() string { return c.name }

func (c *Conf) SetName(n string) { c.mu.Lock(); c.name = n; c.mu.Unlock() }

func (c *Conf) Name() string { return c.nameLocked() } // race:
