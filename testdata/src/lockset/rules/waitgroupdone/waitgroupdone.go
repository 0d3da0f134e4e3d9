package waitgroupdone // want package:"lockset summaries"

import "sync"

// This package pins the ordering of a goroutine's accesses before its
// wg.Done() with another entry point's accesses after wg.Wait() on the
// same group (named like a lock): Done happens before the Wait it lets
// return, as a close happens before the receive it completes.

type Conn struct {
	mu  sync.Mutex
	wg  sync.WaitGroup
	buf []byte
	n   int
	err error
}

func (c *Conn) Start() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wg.Add(2)
	go c.readLoop()
	go c.flusher()
}

func (c *Conn) readLoop() {
	defer c.wg.Done()
	c.n = len(c.buf) // want `c.n is written in the goroutine started in \(\*Conn\).Start \(line \d+\) via \(\*Conn\).readLoop without a lock and read in \(\*Conn\).Peek holding c.mu`
}

func (c *Conn) flusher() {
	c.wg.Done()
	c.err = nil // want `c.err is written in the goroutine started in \(\*Conn\).Start \(line \d+\) via \(\*Conn\).flusher without a lock and written in \(\*Conn\).Reset holding c.mu`
}

func (c *Conn) waitForExits() { c.wg.Wait() }

// Reconnect waits for the old loops, then rebinds: its write of buf is
// ordered after readLoop's read. Quiet.
func (c *Conn) Reconnect() {
	c.waitForExits()
	c.mu.Lock()
	c.buf = make([]byte, 8)
	c.mu.Unlock()
}

// Reset writes err after the wait, but flusher writes it after its
// Done: reported (at flusher's write).
func (c *Conn) Reset() {
	c.wg.Wait()
	c.mu.Lock()
	c.err = nil
	c.mu.Unlock()
}

// Peek does not wait: reported (at readLoop's write).
func (c *Conn) Peek() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
