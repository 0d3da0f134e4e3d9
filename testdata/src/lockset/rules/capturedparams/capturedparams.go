package capturedparams // want package:"lockset summaries"

import "sync"

// This package pins parameters that a function literal captures: the
// accesses through them are the parameter's (a summary keeps them), and
// reading the variable the parameter lives in is not an access.

type Inner struct {
	n int
}

// Run captures its receiver in a literal.
func (in *Inner) Run() int {
	get := func() int { return in.n } // want `c.inner.n is read in \(\*Counter\).Get without a lock and written in \(\*Counter\).Add holding c.mu`
	return get()
}

// Bump writes through the captured receiver.
func (in *Inner) Bump() {
	inc := func() { in.n++ }
	inc()
}

type Outer struct {
	mu  sync.Mutex
	cur *Inner
}

func (o *Outer) Reset() {
	o.mu.Lock()
	o.cur = &Inner{}
	o.mu.Unlock()
}

// Use reads o.cur under the lock and runs it: Run's reading of its own
// receiver variable is not a read of o.cur. Quiet.
func (o *Outer) Use() int {
	o.mu.Lock()
	c := o.cur
	o.mu.Unlock()
	return c.Run()
}

// Peek runs the current one without the lock: the read of o.cur races
// with Reset, reported once, at the read.
func (o *Outer) Peek() int {
	return o.cur.Run() // want `o.cur is read in \(\*Outer\).Peek without a lock and written in \(\*Outer\).Reset holding o.mu`
}

type Counter struct {
	mu    sync.Mutex
	inner Inner
}

// Add bumps under the lock, through Bump's captured receiver.
func (c *Counter) Add() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.inner.Bump()
}

// Get reads without it: races with Add's write, which a summary that lost
// the captured receiver's accesses would hide.
func (c *Counter) Get() int {
	return c.inner.Run() // reported in Run's literal
}
