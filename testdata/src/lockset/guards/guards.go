package guards // want package:"lockset summaries"

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int // want `Counter.n: c.mu, 3/4 accesses`
	// hits is always guarded.
	hits  int // want `Counter.hits: c.mu, 2/2 accesses`
	label string
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.hits++
	c.mu.Unlock()
}

func (c *Counter) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *Counter) Peek() int {
	return c.n // want `c.n is read in \(\*Counter\).Peek without a lock and written in \(\*Counter\).Inc holding c.mu`
}

// Unguarded has no lock in common on its field.
type Unguarded struct {
	mu sync.Mutex
	v  int // want `Unguarded.v: no lock, 0/2 accesses`
}

func (u *Unguarded) Set(x int) {
	u.v = x // quiet by default: v is never locked (lockset/strict reports it)
}

func (u *Unguarded) Get() int {
	return u.v
}

// notShared has no entry points: no guard lines.
type notShared struct{ x int }

type inner struct{ x int }

// Embedded reports its embedded fields under their type names.
type Embedded struct {
	sync.Mutex
	inner // want `Embedded.inner: e.Mutex, 1/1 accesses`
}

func (e *Embedded) Set(v int) {
	e.Lock()
	e.x = v
	e.Unlock()
}
