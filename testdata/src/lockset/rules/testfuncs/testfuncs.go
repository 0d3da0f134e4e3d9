package testfuncs // want package:"lockset summaries"

// This package pins that go test runs the Test functions of a package
// one after another (see testfuncs_test.go).

import (
	"sync"
	"time"
)

// Server is shared by the tests.
type Server struct {
	state int
}

var shared = &Server{}

// Set writes the state.
func (s *Server) Set(v int) { s.state = v }

// Conn's armLocked is called with c.mu held, except by a test on its own
// connection: test code does not count against the convention, and the
// timer's write is ordered with armLocked's by the lock. Quiet.
type Conn struct {
	mu  sync.Mutex
	tmr *time.Timer
}

func (c *Conn) Arm() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.armLocked()
}

func (c *Conn) armLocked() {
	c.tmr = time.AfterFunc(time.Second, c.fire)
}

func (c *Conn) fire() {
	c.mu.Lock()
	c.tmr = nil
	c.mu.Unlock()
}
