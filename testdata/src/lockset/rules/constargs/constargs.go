package constargs // want package:"lockset summaries"

import "sync"

// This package pins a constant argument followed into the callee's
// comparisons of its parameter with constants (crypto/tls' alert record,
// which never changes the cipher state): a call with a constant the
// comparison rules out is analysed with that branch cut.

type recordType uint8

const (
	recordChangeCipher recordType = 20
	recordAlert        recordType = 21
	recordData         recordType = 23
)

type halfConn struct {
	sync.Mutex
	cipher int
	seq    int
}

type Conn struct {
	in, out halfConn
}

// writeRecord changes the cipher only for a change-cipher record.
func (c *Conn) writeRecord(typ recordType) {
	if typ == recordChangeCipher {
		c.out.cipher++ // want `c.out.cipher is read in \(\*Conn\).Write via \(\*Conn\).writeRecord holding c.out.Mutex and written in \(\*Conn\).Rekey via \(\*Conn\).writeRecord holding c.in.Mutex`
	}
}

// sendAlert passes the record type on: the constant goes through it.
func (c *Conn) sendAlert(typ recordType) { c.writeRecord(typ) }

// Read sends an alert holding c.in only: an alert record never reaches
// the write of c.out.cipher. Quiet.
func (c *Conn) Read() {
	c.in.Lock()
	defer c.in.Unlock()
	c.sendAlert(recordAlert)
}

func (c *Conn) Write() {
	c.out.Lock()
	defer c.out.Unlock()
	c.writeRecord(recordChangeCipher)
}

// Rekey changes the cipher holding c.in only. Reported (at the write).
func (c *Conn) Rekey() {
	c.in.Lock()
	defer c.in.Unlock()
	c.sendAlert(recordChangeCipher)
}
