package deferflags // want package:"lockset summaries"

import "errors"

// This package pins the deferred cleanup a flag or a named result decides
// (deferflags.go): when a variable the deferred literal captures holds
// the same constant on every path from the go statement to the function's
// exit, the literal's branches that its tests of the variable rule out do
// not run beside the goroutine.

type Conn struct {
	closed bool
	buf    []byte
}

func (c *Conn) loop() {
	for !c.closed { // want `c.closed is read in the goroutine started in OpenLate \(line \d+\) via \(\*Conn\).loop without a lock and written in OpenLate after the go statement without a lock`
		c.buf = c.buf[:0]
	}
}

func (c *Conn) shutdown() {
	c.closed = true
	c.buf = nil
}

var errFail = errors.New("fail")

// Open sets its flag before the go statement: quiet.
func Open(fail bool) (*Conn, error) {
	c := &Conn{}
	ok := false
	defer func() {
		if !ok {
			c.shutdown()
		}
	}()
	if fail {
		return nil, errFail
	}
	ok = true
	go c.loop()
	return c, nil
}

// OpenErr's cleanup tests its named error result, nil on every return
// after the go statement: quiet.
func OpenErr(fail bool) (c *Conn, err error) {
	c = &Conn{}
	defer func() {
		if err != nil {
			c.closed = true
		}
	}()
	if fail {
		return nil, errFail
	}
	go c.loop()
	return c, nil
}

// OpenLate sets its flag after the go statement: a failure in between
// runs the cleanup beside the goroutine.
func OpenLate(fail bool) (*Conn, error) {
	c := &Conn{}
	ok := false
	defer func() {
		if !ok {
			c.closed = true
		}
	}()
	go c.loop()
	if fail {
		return nil, errFail
	}
	ok = true
	return c, nil
}

// OpenThenFail can still return an error after the go statement.
func OpenThenFail(fail bool) (c *Conn, err error) {
	c = &Conn{}
	defer func() {
		if err != nil {
			c.closed = true // want `c.closed is written in OpenThenFail after the go statement without a lock and read in the goroutine started in OpenThenFail \(line \d+\) via \(\*Conn\).loop without a lock`
		}
	}()
	go c.loop()
	if fail {
		return nil, errFail
	}
	return c, nil
}

// OpenReset lets a helper literal clear the flag: not decided.
func OpenReset(fail bool) (*Conn, error) {
	c := &Conn{}
	ok := false
	reset := func() { ok = false }
	defer func() {
		if !ok {
			c.closed = true // want `c.closed is written in OpenReset after the go statement without a lock and read in the goroutine started in OpenReset \(line \d+\) via \(\*Conn\).loop without a lock`
		}
	}()
	ok = true
	go c.loop()
	if fail {
		reset()
	}
	return c, nil
}
