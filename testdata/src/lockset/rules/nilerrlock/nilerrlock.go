package nilerrlock // want package:"lockset summaries"

import (
	"errors"
	"sync"
	"sync/atomic"
)

// This package pins a lock that a callee returns holding only when it
// returns a nil error (database/sql's grabConn): the caller's branch
// where the error is nil holds it.

var errDone = errors.New("done")

type Conn struct {
	closemu sync.RWMutex
	done    atomic.Bool
	db      *int
	dc      *int
}

// grab returns holding c.closemu for reading, unless the connection is
// done.
func (c *Conn) grab() (*int, error) {
	if c.done.Load() {
		return nil, errDone
	}
	c.closemu.RLock()
	return c.dc, nil
}

// Ping reads c.db on the branch where grab succeeded, holding c.closemu.
// Quiet.
func (c *Conn) Ping() int {
	dc, err := c.grab()
	if err != nil {
		return 0
	}
	defer c.closemu.RUnlock()
	return *c.db + *dc
}

// Stats reads c.db whether grab succeeded or not. Reported.
func (c *Conn) Stats() int {
	_, err := c.grab()
	n := *c.db // want `c.db is read in \(\*Conn\).Stats without a lock and written in \(\*Conn\).Close holding c.closemu after winning c.done.CompareAndSwap`
	if err == nil {
		c.closemu.RUnlock()
	}
	return n
}

// Reset reads c.db on the branch where grab failed. Reported.
func (c *Conn) Reset() int {
	if _, err := c.grab(); err != nil {
		return *c.db // want `c.db is read in \(\*Conn\).Reset without a lock and written in \(\*Conn\).Close holding c.closemu after winning c.done.CompareAndSwap`
	}
	c.closemu.RUnlock()
	return 0
}

func (c *Conn) Close() {
	if !c.done.CompareAndSwap(false, true) {
		return
	}
	c.closemu.Lock()
	defer c.closemu.Unlock()
	c.db = nil
	c.dc = nil
}
