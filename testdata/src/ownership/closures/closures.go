// Package closures checks function literals: a literal that can run more
// than once must not give up what it captures.
package closures

type Conn struct {
	onData func()
}

// Register stores a callback that sends the same buffer on every call,
// to a receiver that writes it (Drain): two calls' receivers race.
func Register(c *Conn, ch chan []byte) {
	buf := make([]byte, 16)
	c.onData = func() {
		ch <- buf // want `buf is sent on ch but stays reachable from buf`
	}
}

// Drain receives the buffers and scribbles on them.
func Drain(ch chan []byte) {
	for b := range ch {
		b[0] = 0
	}
}

// RegisterFresh stores a callback that sends a new buffer each time.
func RegisterFresh(c *Conn, ch chan []byte) {
	c.onData = func() {
		buf := make([]byte, 16)
		ch <- buf
	}
}

// Immediate calls a literal once: its captures behave like arguments.
func Immediate(ch chan []byte) {
	buf := make([]byte, 16)
	func() {
		ch <- buf
	}()
}

// ImmediateThenUse writes the buffer the literal gave up.
func ImmediateThenUse(ch chan []byte) {
	buf := make([]byte, 16)
	func() {
		ch <- buf
	}()
	buf[0] = 1 // want `buf is (read|written) after it was given up by`
}

// Handler holds a callback that sends its argument.
type Handler struct {
	send func(p []byte)
}

// Capture builds a callback that sends its argument: the argument, not a
// capture, is given up.
func Capture(ch chan []byte) *Handler {
	return &Handler{send: func(p []byte) { ch <- p }}
}

// ClosureAfterSend passes the sent map to a literal.
func ClosureAfterSend(ch chan map[int]int) {
	m := map[int]int{}
	ch <- m
	f := func() { m[1] = 1 }
	f() // want `m is passed to a function literal after it was sent on ch \(line \d+\)`
}
