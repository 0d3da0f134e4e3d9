package lockedvalue // want package:"lockset summaries"

import "sync"

// This package pins locks taken on values no parameter, variable or
// global names: a client looked up in a map, or returned by a call, is
// locked and then handed to a helper of the "lock is held on entry"
// convention. The helper starts holding the client's lock, so a
// goroutine it starts is ordered with its continuation by that lock.

type Server struct {
	mu      sync.Mutex
	clients map[int]*client
}

type client struct {
	mu     sync.Mutex
	closed bool
	reason string
}

func (s *Server) lookup(id int) *client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clients[id]
}

// CloseByID locks a client it looked up in the map.
func (s *Server) CloseByID(id int) {
	s.mu.Lock()
	c := s.clients[id]
	s.mu.Unlock()
	c.mu.Lock()
	c.markClosed("by id")
	c.mu.Unlock()
}

// CloseFound locks a client a call returned.
func (s *Server) CloseFound(id int) {
	c := s.lookup(id)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.markClosed("found")
}

// Close locks its receiver.
func (c *client) Close() {
	c.mu.Lock()
	c.markClosed("closed")
	c.mu.Unlock()
}

// markClosed is called with c.mu held by every caller: its write after
// starting save is ordered with save's read by the lock. Quiet.
func (c *client) markClosed(reason string) {
	go c.save()
	c.closed = true
	c.reason = reason
}

func (c *client) save() {
	c.mu.Lock()
	_ = c.closed
	_ = c.reason
	c.mu.Unlock()
}

type conn struct {
	mu    sync.Mutex
	state int
}

func (s *Server) conns(id int) *conn { return nil }

// Reset locks one conn and hands another to the helper: the helper's
// caller does not hold the lock of the conn it is given.
func (s *Server) Reset(id int) {
	a, b := s.conns(id), s.conns(id+1)
	a.mu.Lock()
	b.resetLocked()
	a.mu.Unlock()
}

func (c *conn) resetLocked() {
	go c.watch()
	c.state = 0 // want `c.state is written in \(\*conn\).resetLocked after the go statement without a lock and read in the goroutine started in \(\*conn\).resetLocked \(line 85\) via \(\*conn\).watch holding c.mu`
}

func (c *conn) watch() {
	c.mu.Lock()
	_ = c.state
	c.mu.Unlock()
}
