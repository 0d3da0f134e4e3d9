package closeguard // want package:"lockset summaries"

// This package tests close guards (closeguard.go): a read-write lock that
// a type's operations hold for reading and only its close holds for
// writing keeps the object open during an operation. Its read side is no
// evidence that the operations run beside each other.

import "sync"

// Cursor is used by one goroutine at a time; Close may come from another.
type Cursor struct {
	closemu sync.RWMutex // held for read by operations, exclusively by close
	closed  bool
	row     []byte
	hold    bool
	err     error
}

// Next advances the cursor. Quiet: the read side of closemu only keeps
// the cursor open, so it is no evidence that Next runs beside Scan or
// itself.
func (c *Cursor) Next() bool {
	if c.hold {
		c.hold = false
		c.closemu.RUnlock()
	}
	c.closemu.RLock()
	defer c.closemu.RUnlock()
	if c.closed {
		return false
	}
	c.row = append(c.row[:0], 'x')
	return true
}

// Scan copies the row, keeping closemu held when asked to.
func (c *Cursor) Scan(keep bool) []byte {
	c.closemu.RLock()
	if c.err != nil {
		c.closemu.RUnlock()
		return nil
	}
	c.row = append(c.row, 'y')
	if keep {
		c.hold = true
		return c.row
	}
	c.closemu.RUnlock()
	return c.row
}

// Err reads the error.
func (c *Cursor) Err() error {
	c.closemu.RLock()
	defer c.closemu.RUnlock()
	return c.err
}

// Close closes the cursor, from any goroutine.
func (c *Cursor) Close() error { return c.close(nil) }

func (c *Cursor) close(err error) error {
	c.closemu.Lock()
	defer c.closemu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	c.err = err
	return nil
}

// Reset writes the error without the guard: Close writes it holding the
// guard's write side, which is evidence, so the pair is reported.
func (c *Cursor) Reset() {
	c.err = nil // want `c.err is written in \(\*Cursor\).Reset without a lock and written in \(\*Cursor\).Close via \(\*Cursor\).close holding c.closemu`
}

// Pool's lock is held for writing by Refill as well as by Close: it
// guards data, and its read side is evidence that Take runs beside
// itself.
type Pool struct {
	mu     sync.RWMutex
	free   int
	closed bool
}

// Take decrements free holding only the read lock.
func (p *Pool) Take() bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return false
	}
	p.free-- // want `p.free is read in \(\*Pool\).Take holding p.mu \(read\) and written in another call of \(\*Pool\).Take holding p.mu \(read\)`
	return true
}

// Refill writes free under the write lock.
func (p *Pool) Refill(n int) {
	p.mu.Lock()
	p.free += n
	p.mu.Unlock()
}

// Close closes the pool.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
}

// Stream hands its guard to a helper as a sync.Locker, whose Lock is
// exclusive: the scan cannot tell who takes it for writing, so it is no
// close guard and its read side stays evidence.
type Stream struct {
	closemu sync.RWMutex
	sent    int
}

// Send increments sent holding only the read lock.
func (s *Stream) Send() {
	s.closemu.RLock()
	s.sent++ // want `s.sent is read in \(\*Stream\).Send holding s.closemu \(read\) and written in another call of \(\*Stream\).Send holding s.closemu \(read\)`
	s.closemu.RUnlock()
}

// Close takes the guard for writing.
func (s *Stream) Close() {
	s.closemu.Lock()
	s.closemu.Unlock()
}

// Flush locks through a Locker.
func (s *Stream) Flush() { withLock(&s.closemu, func() {}) }

func withLock(l sync.Locker, f func()) {
	l.Lock()
	defer l.Unlock()
	f()
}

// Feed's guard is exported, so an importer may take it for writing
// anywhere: not a close guard, and its read side stays evidence. Reported.
type Feed struct {
	Closemu sync.RWMutex
	row     []byte
}

func (f *Feed) Next() {
	f.Closemu.RLock()
	f.row = append(f.row[:0], 'x') // want `f.row is written in \(\*Feed\).Next holding f.Closemu \(read\) and written in another call of \(\*Feed\).Next holding f.Closemu \(read\)`
	f.Closemu.RUnlock()
}

func (f *Feed) Close() {
	f.Closemu.Lock()
	f.row = nil
	f.Closemu.Unlock()
}
