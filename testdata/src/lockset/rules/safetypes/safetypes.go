package safetypes // want package:"lockset summaries"

// This package pins the rule that what a method of another package's type
// that is safe for concurrent use (here by net.Conn's contract) does to its
// receiver is not the caller's race: it is checked in the type's package.

import "lockset/rules/safetypes/wire"

// Dial closes the connection while a goroutine runs its handshake, as a
// net.Conn allows: quiet.
func Dial(c *wire.Conn) {
	go c.Handshake()
	c.Close()
}

// DialPipe does the same with a type that promises nothing: reported.
func DialPipe(p *wire.Pipe) {
	go p.Handshake() // want `p.sendBuf is written in the goroutine started in DialPipe \(line \d+\) via \(\*wire.Pipe\).Handshake holding p.in and read in DialPipe after the go statement via \(\*wire.Pipe\).Close holding p.out`
	p.Close()
}
