package basic // want package:`written\(fieldwrites/basic.Conn.state, fieldwrites/basic.Conn.stats, fieldwrites/basic.Counter.n, fieldwrites/basic.Window.\*\)`

import "sync/atomic"

// Conn's addr and id are set at construction only; state is written by a
// method, stats through its address.
type Conn struct {
	addr  string
	id    int
	state int
	stats int64
}

func NewConn(addr string) *Conn {
	c := &Conn{addr: addr}
	c.id = 7 // before c is published: construction
	return c
}

func (c *Conn) Close() { c.state = 1 }

func (c *Conn) Count() { atomic.AddInt64(&c.stats, 1) }

func (c *Conn) Addr() string { return c.addr }

// Counter's n is written after the counter was handed to a goroutine.
type Counter struct{ n int }

func Start() *Counter {
	c := &Counter{}
	go func() { _ = c }()
	c.n = 1
	return c
}

// Window is overwritten as a whole.
type Window struct{ lo, hi int }

func Reset(w *Window) { *w = Window{} }
