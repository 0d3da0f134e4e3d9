// Package capturedvars pins the rule that a captured variable assigned on
// a path holds what was stored into it, until a call: a buffer handed
// back through a token channel and received again is owned anew.
package capturedvars

type shared struct{ count int }

type client struct {
	memMu chan *shared
	spare chan *shared
}

func (c *client) call(i int) {}

// Minimize sends the buffer back while it calls, and takes it again before
// using it; a deferred closure returns it at the end: quiet.
func (c *client) Minimize(n int) {
	mem, ok := <-c.memMu
	if !ok {
		return
	}
	defer func() { c.memMu <- mem }()
	mem.count = 0
	for i := 0; i < n; i++ {
		c.memMu <- mem
		c.call(i)
		mem, ok = <-c.memMu
		if !ok {
			return
		}
		mem.count++
	}
}

// Restore puts the old buffer back into the variable through a closure it
// calls after the receive: reported.
func (c *client) Restore(n int) {
	mem := <-c.memMu
	old := mem
	restore := func() { mem = old }
	defer func() { c.memMu <- mem }()
	for i := 0; i < n; i++ {
		c.memMu <- mem
		mem = <-c.memMu
		restore() // want `mem is passed to a function literal after it was sent on c.memMu \(line \d+\); the receiver may be using it concurrently`
		mem.count++
	}
}

// Swap lets a goroutine assign the variable: reported.
func (c *client) Swap(n int) {
	mem := <-c.memMu
	go func() { mem = <-c.spare }()
	for i := 0; i < n; i++ {
		c.memMu <- mem // want `mem is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
		mem = <-c.memMu
		mem.count++ // want `mem is read after it was sent on c.memMu \(line \d+\); the receiver may be using it concurrently`
	}
}
