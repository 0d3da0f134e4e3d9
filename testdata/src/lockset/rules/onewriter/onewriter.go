package onewriter // want package:"lockset summaries"

// This package tests two calls of one method paired with each other
// (selfEvidence in pairs.go): a method that writes a field under the
// mutex for other entry points' readers, and reads it without the mutex,
// is the field's one writer; its pair with another call of itself needs
// a read lock of the object, or no other entry point touching the field.

import "sync"

// Proxy records its nodes under mu for the handlers that list them.
type Proxy struct {
	mu    sync.Mutex
	nodes []string
}

// Start is the one writer of nodes: it reads them without the lock, and
// writes them under it for Nodes. Quiet: nothing shows that Start runs
// beside itself.
func (p *Proxy) Start(names []string) int {
	for _, n := range names {
		p.mu.Lock()
		p.nodes = append(p.nodes, n)
		p.mu.Unlock()
	}
	return len(p.nodes)
}

// Nodes reads the nodes under the lock.
func (p *Proxy) Nodes() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.nodes...)
}

// Restart writes nodes without the lock: it races with Nodes, whatever
// Start does.
func (p *Proxy) Restart() {
	p.nodes = nil // want `p.nodes is written in \(\*Proxy\).Restart without a lock and written in \(\*Proxy\).Start holding p.mu`
}

// Tally is touched by Add alone, which increments it under the lock and
// returns it without: the lock can only be there for other calls of Add.
type Tally struct {
	mu sync.Mutex
	n  int
}

// Add races with another call of itself.
func (t *Tally) Add() int {
	t.mu.Lock()
	t.n++
	t.mu.Unlock()
	return t.n // want `t.n is read in \(\*Tally\).Add without a lock and written in another call of \(\*Tally\).Add holding t.mu`
}

// Stats writes under its read lock: read locks admit several holders,
// so Refresh runs beside itself.
type Stats struct {
	mu    sync.RWMutex
	hits  int
	names []string
}

// Refresh writes hits holding the read lock.
func (s *Stats) Refresh() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.hits++ // want `s.hits is read in \(\*Stats\).Refresh holding s.mu \(read\) and written in another call of \(\*Stats\).Refresh holding s.mu \(read\)`
	return len(s.names)
}

// Hits reads hits under the lock.
func (s *Stats) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

// Conn tests, without the lock, the flag that Close sets under it: Close
// expects to be called again, and two calls race.
type Conn struct {
	mu     sync.Mutex
	closed bool
	sent   int
}

// Close returns early if closed.
func (c *Conn) Close() error {
	if c.closed { // want `c.closed is read in \(\*Conn\).Close without a lock and written in another call of \(\*Conn\).Close holding c.mu`
		return nil
	}
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	return nil
}

// Send checks the flag under the lock.
func (c *Conn) Send() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	c.sent++
	return true
}
