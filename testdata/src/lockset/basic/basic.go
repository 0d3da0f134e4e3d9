package basic // want package:"lockset summaries"

import "sync"

// Counter is the canonical example: the mutex says it is shared.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *Counter) Get() int {
	return c.n // want `c.n is read in \(\*Counter\).Get without a lock and written in \(\*Counter\).Inc holding c.mu`
}

// SafeCounter locks everywhere, with defer.
type SafeCounter struct {
	mu sync.Mutex
	n  int
}

func (c *SafeCounter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

func (c *SafeCounter) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// File is Whoop's nvram_llseek: an entry point racing with itself. No
// access of pos holds a lock, so by default nothing shows that callers
// share a File: quiet (lockset/strict has it reported).
type File struct {
	mu  sync.Mutex
	pos int64
}

func (f *File) Seek(off int64, whence int) int64 {
	switch whence {
	case 1:
		off += f.pos // quiet by default: nothing locks f.pos (lockset/strict reports it)
	}
	f.pos = off
	return f.pos
}
