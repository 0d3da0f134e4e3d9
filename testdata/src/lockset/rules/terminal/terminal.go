package terminal // want package:"lockset summaries"

import (
	"errors"
	"sync"
)

// This package pins terminal states: a field that keeps a value once set
// orders what a method does after finding it other than that value with
// what a goroutine started after setting it does.

const (
	statusNew = iota
	statusClosed
	statusIdle
	statusBusy
)

var errBusy = errors.New("busy")

// Conn is used by one caller at a time (pgx's PgConn): lock refuses a
// busy or closed conn, and asyncClose marks it closed before its cleanup
// goroutine starts. Quiet.
type Conn struct {
	status  int
	buf     []byte
	sent    int
	statsMu sync.Mutex
	stats   int
}

// Stats counts calls from any goroutine.
func (c *Conn) Stats() int {
	c.statsMu.Lock()
	defer c.statsMu.Unlock()
	c.stats++
	return c.stats
}

// Open makes a conn.
func Open() *Conn { return &Conn{status: statusIdle} }

// Dial makes a conn in a variable a closure captures (pgx's connectOne):
// its stores are still made on the object Dial allocated.
func Dial(onClose func(int)) *Conn {
	c := new(Conn)
	defer func() { onClose(c.sent) }()
	c.status = statusIdle
	return c
}

func (c *Conn) lock() error {
	switch c.status {
	case statusBusy, statusClosed, statusNew:
		return errBusy
	}
	c.status = statusBusy
	return nil
}

func (c *Conn) unlock() {
	if c.status == statusBusy {
		c.status = statusIdle
	}
}

// Send buffers p, and closes the conn when the buffer is full.
func (c *Conn) Send(p []byte) error {
	if err := c.lock(); err != nil {
		return err
	}
	defer c.unlock()
	c.buf = append(c.buf, p...)
	c.sent++ // want `c\.sent is read in \(\*Conn\)\.Send without a lock and written in the goroutine started in \(\*Conn\)\.Drain \(line 179\) without a lock`
	if len(c.buf) > 1<<10 {
		c.asyncClose()
	}
	return nil
}

// Close closes the conn.
func (c *Conn) Close() {
	if c.status == statusClosed {
		return
	}
	c.status = statusClosed
	c.buf = nil
}

func (c *Conn) asyncClose() {
	if c.status == statusClosed {
		return
	}
	c.status = statusClosed
	go func() {
		c.buf = c.buf[:0]
	}()
}

// Stream is Conn with a Reopen that sets its status back to idle: closed
// is not terminal, and Write may run beside the cleanup of an earlier
// close. Racy.
type Stream struct {
	status  int
	buf     []byte
	statsMu sync.Mutex
	stats   int
}

// Stats counts calls from any goroutine.
func (s *Stream) Stats() int {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	s.stats++
	return s.stats
}

// Reopen makes the stream usable again.
func (s *Stream) Reopen() { s.status = statusIdle }

// Write buffers p.
func (s *Stream) Write(p []byte) {
	if s.status != statusIdle {
		return
	}
	s.buf = append(s.buf, p...) // want `s\.buf is written in \(\*Stream\)\.Write without a lock and written in the goroutine started in \(\*Stream\)\.Close \(line 135\) without a lock`
}

// Close closes the stream.
func (s *Stream) Close() {
	if s.status == statusClosed {
		return
	}
	s.status = statusClosed
	go func() {
		s.buf = nil // want `s\.buf is written in the goroutine started in \(\*Stream\)\.Close \(line 135\) without a lock and read in \(\*Stream\)\.Write without a lock`
	}()
}

// Pipe tests its status under its lock: the test orders nothing, for a
// Close that takes the lock after it does not race with it. Racy.
type Pipe struct {
	mu     sync.Mutex
	status int
	buf    []byte
}

// Write buffers p.
func (p *Pipe) Write(b []byte) {
	p.mu.Lock()
	if p.status == statusClosed {
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	p.buf = append(p.buf, b...) // want `p\.buf is written in \(\*Pipe\)\.Write without a lock and written in the goroutine started in \(\*Pipe\)\.Close \(line 167\) without a lock`
}

// Close closes the pipe.
func (p *Pipe) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.status == statusClosed {
		return
	}
	p.status = statusClosed
	go func() {
		p.buf = nil // want `p\.buf is written in the goroutine started in \(\*Pipe\)\.Close \(line 167\) without a lock and read in \(\*Pipe\)\.Write without a lock`
	}()
}

// Drain starts its goroutine without closing the conn: the goroutine
// runs beside the next Send. Racy.
func (c *Conn) Drain() {
	if err := c.lock(); err != nil {
		return
	}
	defer c.unlock()
	go func() {
		c.sent = 0
	}()
}

// Tube tests its status in a helper that Write calls holding the lock
// Close takes: the helper's test orders nothing, as Pipe's does not.
// Racy. (Ready calls the helper without the lock, so the helper does not
// start holding it: entrylocks.go.)
type Tube struct {
	mu     sync.Mutex
	status int
	buf    []byte
}

func (t *Tube) check() error {
	if t.status == statusClosed { // want `t\.status is read in \(\*Tube\)\.Ready via \(\*Tube\)\.check without a lock and written in \(\*Tube\)\.Close holding t\.mu`
		return errBusy
	}
	return nil
}

// Write buffers b.
func (t *Tube) Write(b []byte) {
	t.mu.Lock()
	err := t.check()
	t.mu.Unlock()
	if err != nil {
		return
	}
	t.buf = append(t.buf, b...) // want `t\.buf is written in \(\*Tube\)\.Write without a lock and written in the goroutine started in \(\*Tube\)\.Close \(line 220\) without a lock`
}

// Close closes the tube.
func (t *Tube) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.status == statusClosed {
		return
	}
	t.status = statusClosed
	go func() {
		t.buf = nil // want `t\.buf is written in the goroutine started in \(\*Tube\)\.Close \(line 220\) without a lock and read in \(\*Tube\)\.Write without a lock`
	}()
}

// Ready reports whether the tube is open.
func (t *Tube) Ready() bool { return t.check() == nil }
