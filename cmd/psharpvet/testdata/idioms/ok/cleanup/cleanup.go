// Package cleanup undoes a half-made connection in a deferred call that
// runs only on failure, after the success path started the connection's
// loop.
package cleanup

import (
	"errors"
	"sync"
)

type Conn struct {
	mu      sync.Mutex
	closed  bool
	pending []string
	done    chan struct{}
}

func (c *Conn) loop() {
	defer close(c.done)
	for range 3 {
		if c.closed {
			return
		}
		c.pending = c.pending[:0]
	}
}

var errRefused = errors.New("refused")

// Dial starts the loop only once nothing can fail any more; the deferred
// cleanup runs on the failures before that.
func Dial(refuse bool) (*Conn, error) {
	c := &Conn{done: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			c.closed = true
			c.pending = nil
		}
	}()
	if refuse {
		return nil, errRefused
	}
	ok = true
	go c.loop()
	return c, nil
}

// Open is Dial with a named error result.
func Open(refuse bool) (_ *Conn, err error) {
	c := &Conn{done: make(chan struct{})}
	defer func() {
		if err != nil {
			c.closed = true
		}
	}()
	if refuse {
		return nil, errRefused
	}
	go c.loop()
	return c, nil
}

// Wait waits for the loop.
func (c *Conn) Wait() { <-c.done }
