package oncefastpath // want package:"lockset summaries"

import "sync"

// This package pins a read of what a Once writes: after the Once's Do it
// is ordered; before Do (a fast path that skips the Once) it races.

type conn struct{ addr string }

type Client struct {
	once sync.Once
	conn *conn
	addr string
}

// Conn goes through the Once first: quiet.
func (c *Client) Conn() *conn {
	c.once.Do(func() { c.conn = &conn{addr: c.addr} })
	return c.conn
}

// Fast peeks before the Once: reported.
func (c *Client) Fast() *conn {
	if c.conn != nil { // want `c.conn is read in the goroutine started in Use \(line 31\) via \(\*Client\).Fast without a lock and written in the goroutine started in Use \(line 32\) inside c.once.Do`
		return c.conn
	}
	return c.Conn()
}

func Use(c *Client) {
	go c.Fast()
	go c.Conn()
}
