package tmptls

import "sync"

type halfConn struct {
	sync.Mutex
	err    error
	cipher int
}

func (hc *halfConn) changeCipherSpec() { hc.cipher++ }

func (hc *halfConn) setErrorLocked(err error) error {
	hc.err = err
	return err
}

type Conn struct {
	in, out halfConn
}

func (c *Conn) writeRecordLocked() {
	c.out.changeCipherSpec()
}

func (c *Conn) sendAlertLocked() error {
	c.writeRecordLocked()
	return c.out.setErrorLocked(nil)
}

func (c *Conn) sendAlert() error {
	c.out.Lock()
	defer c.out.Unlock()
	return c.sendAlertLocked()
}

func (c *Conn) readRecord() error {
	return c.in.setErrorLocked(c.sendAlert())
}

func (c *Conn) Read() error {
	c.in.Lock()
	defer c.in.Unlock()
	return c.readRecord()
}

func (c *Conn) Write() error {
	c.out.Lock()
	defer c.out.Unlock()
	c.writeRecordLocked()
	return nil
}

func (c *Conn) handleKeyUpdate(requested bool) error {
	if requested {
		c.out.Lock()
		defer c.out.Unlock()
		c.writeRecordLocked()
	}
	return nil
}

func (c *Conn) Read2(requested bool) error {
	c.in.Lock()
	defer c.in.Unlock()
	return c.handleKeyUpdate(requested)
}
