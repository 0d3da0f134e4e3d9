package wire // want package:"lockset summaries"

// This package holds a connection type that meets net.Conn's contract
// (methods safe to call simultaneously) and one that does not.

import (
	"net"
	"sync"
	"time"
)

// Conn is a net.Conn: its methods may be called simultaneously, so its
// own package reports its handshake against its close.
type Conn struct {
	in, out sync.Mutex
	sendBuf []byte
}

func (c *Conn) Handshake() error {
	c.in.Lock()
	c.sendBuf = append(c.sendBuf, 1) // want `c.sendBuf is written in \(\*Conn\).Handshake holding c.in and read in \(\*Conn\).Close holding c.out`
	c.in.Unlock()
	return nil
}

func (c *Conn) Close() error {
	c.out.Lock()
	n := len(c.sendBuf)
	c.out.Unlock()
	_ = n
	return nil
}

func (c *Conn) Read(p []byte) (int, error)         { return 0, nil }
func (c *Conn) Write(p []byte) (int, error)        { return len(p), nil }
func (c *Conn) LocalAddr() net.Addr                { return nil }
func (c *Conn) RemoteAddr() net.Addr               { return nil }
func (c *Conn) SetDeadline(t time.Time) error      { return nil }
func (c *Conn) SetReadDeadline(t time.Time) error  { return nil }
func (c *Conn) SetWriteDeadline(t time.Time) error { return nil }

// Pipe has the same handshake and close, and no contract.
type Pipe struct {
	in, out sync.Mutex
	sendBuf []byte
}

func (p *Pipe) Handshake() error {
	p.in.Lock()
	p.sendBuf = append(p.sendBuf, 1) // want `p.sendBuf is written in \(\*Pipe\).Handshake holding p.in and read in \(\*Pipe\).Close holding p.out`
	p.in.Unlock()
	return nil
}

func (p *Pipe) Close() error {
	p.out.Lock()
	n := len(p.sendBuf)
	p.out.Unlock()
	_ = n
	return nil
}
