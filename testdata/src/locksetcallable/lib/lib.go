package lib // want package:"lockset summaries: 2"

// This package checks that, with -callable, the lockset analysis puts in
// its Summaries fact only the functions other packages can call: Lock and
// Unlock, not lock and unlock, whose summaries are not empty either
// (TestCallable).

import "sync"

// Counter counts under its lock.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Lock is a lock wrapper.
func (c *Counter) Lock() { c.lock() }

func (c *Counter) lock() { c.mu.Lock() }

// Unlock is an unlock wrapper.
func (c *Counter) Unlock() { c.unlock() }

func (c *Counter) unlock() { c.mu.Unlock() }
