package once

import "sync"

type conn struct{ addr string }

type Client struct {
	once sync.Once
	conn *conn
	addr string
}

// get has a "fast path" that reads conn outside the Once.
func (c *Client) get() *conn {
	if c.conn != nil { // race:
		return c.conn
	}
	c.once.Do(func() { c.conn = &conn{addr: c.addr} })
	return c.conn
}

func (c *Client) Addr() string { return c.get().addr }

// Reset re-arms the Once by assignment, racing with Do.
type Table struct {
	once sync.Once
	m    map[string]int
}

func (t *Table) Lookup(k string) int {
	t.once.Do(func() { t.m = map[string]int{"a": 1} })
	return t.m[k]
}

func (t *Table) Reset() {
	t.once = sync.Once{} // race:
	t.m = nil
}

// Package-level: init outside Once on one path.
var (
	regOnce sync.Once
	reg     map[string]int
)

func Register(k string, v int) {
	regOnce.Do(func() { reg = map[string]int{} })
	reg[k] = v // race:
}

func Registered(k string) int {
	regOnce.Do(func() { reg = map[string]int{} })
	return reg[k]
}
