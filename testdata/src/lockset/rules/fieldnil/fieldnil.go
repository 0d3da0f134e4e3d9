package fieldnil // want package:"lockset summaries"

import "sync"

// This package pins a field's test against nil followed into the callees
// that test it again (crypto/tls' QUIC path): a call made where the
// caller's test says c.quic is not nil is analysed with that fact, so the
// callee's TLS branch, which writes c.out, is cut.

type quicState struct{ events []int }

type halfConn struct {
	sync.Mutex
	seq int
}

type Conn struct {
	in, out halfConn
	quic    *quicState
}

func (c *Conn) sendAlertLocked() {
	if c.quic != nil {
		c.quic.events = append(c.quic.events, 1)
		return
	}
	c.out.seq++ // want `c.out.seq is read in \(\*Conn\).Close via \(\*Conn\).sendAlertLocked holding c.in.Mutex and written in \(\*Conn\).Write holding c.out.Mutex`
}

func (c *Conn) quicSignal() { c.sendAlertLocked() }

func (c *Conn) readHandshake() {
	if c.quic != nil {
		c.quicSignal()
		return
	}
}

// Read holds c.in; its QUIC path never reaches the write of c.out.seq.
// Quiet.
func (c *Conn) Read() {
	c.in.Lock()
	defer c.in.Unlock()
	c.readHandshake()
}

func (c *Conn) Write() {
	c.out.Lock()
	defer c.out.Unlock()
	c.out.seq++
}

// Close sends an alert whatever the transport: the TLS branch writes
// c.out.seq holding c.in only. Reported (at the write).
func (c *Conn) Close() {
	c.in.Lock()
	defer c.in.Unlock()
	c.sendAlertLocked()
}
