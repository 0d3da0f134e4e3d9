package callpath // want package:"lockset summaries"

// This package pins the call chain a report gives, as related
// information, from each entry point down to its access (TestCallPath).

import (
	"errors"
	"sync"
)

type half struct {
	sync.Mutex
	err error
}

func (h *half) setErrorLocked(err error) error {
	h.err = err // want `c.out.err is written in \(\*Conn\).Read via \(\*half\).setErrorLocked holding c.in.Mutex and written in \(\*Conn\).Write via \(\*half\).setErrorLocked holding c.out.Mutex`
	return err
}

// A Conn has a lock for each direction.
type Conn struct{ in, out half }

// alertLocked sends an alert; c.out must be held.
func (c *Conn) alertLocked() error {
	return c.out.setErrorLocked(errors.New("alert"))
}

func (c *Conn) readHandshake(n int) error {
	if n > 1<<16 {
		c.alertLocked() // c.out is not held here
		return errors.New("too large")
	}
	return nil
}

// Read reads under c.in only.
func (c *Conn) Read(n int) error {
	c.in.Lock()
	defer c.in.Unlock()
	return c.readHandshake(n)
}

// Write writes under c.out.
func (c *Conn) Write() error {
	c.out.Lock()
	defer c.out.Unlock()
	return c.out.setErrorLocked(errors.New("write"))
}
