package setonce // want package:"lockset summaries"

import (
	"errors"
	"sync"
)

// This package pins a field set once under a lock before a channel of
// the same object is closed (setonce.go), yamux's shutdown error: every
// write of err is made under errLock where a test of err under it found
// it nil, and Close closes done only after such a write of a value that
// is not nil, so what follows a receive from done reads the final value,
// though Close may return early. A write that is not tested against nil,
// or tested under another lock, and a close before the field is set keep
// the report.

var ErrShutdown = errors.New("shutdown")

// A Session is yamux's.
type Session struct {
	mu       sync.Mutex
	shutdown bool
	errLock  sync.Mutex
	err      error
	done     chan struct{}
}

// NewSession starts the session's reader.
func NewSession() *Session {
	s := &Session{done: make(chan struct{})}
	go s.recvLoop()
	return s
}

func (s *Session) recvLoop() {
	s.exitErr(errors.New("EOF"))
}

func (s *Session) exitErr(err error) {
	s.errLock.Lock()
	if s.err == nil {
		s.err = err
	}
	s.errLock.Unlock()
	s.Close()
}

// Close closes done once, after setting err.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return nil
	}
	s.shutdown = true
	s.errLock.Lock()
	if s.err == nil {
		s.err = ErrShutdown
	}
	s.errLock.Unlock()
	close(s.done)
	return nil
}

// Accept reads err once done is closed: quiet.
func (s *Session) Accept() error {
	<-s.done
	return s.err
}

// A Conn writes its error once without testing it.
type Conn struct {
	mu      sync.Mutex
	closed  bool
	errLock sync.Mutex
	err     error
	done    chan struct{}
}

// NewConn starts the conn's reader.
func NewConn() *Conn {
	c := &Conn{done: make(chan struct{})}
	go c.readLoop()
	return c
}

func (c *Conn) readLoop() {
	c.errLock.Lock()
	c.err = errors.New("EOF")
	c.errLock.Unlock()
	c.Close()
}

// Close closes done after setting err.
func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.closed = true
	c.errLock.Lock()
	if c.err == nil {
		c.err = ErrShutdown
	}
	c.errLock.Unlock()
	close(c.done)
}

// Wait reads err once done is closed, but readLoop may overwrite it.
func (c *Conn) Wait() error {
	<-c.done
	return c.err // want `c.err is read in \(\*Conn\).Wait without a lock and written in the goroutine started in NewConn \(line \d+\) via \(\*Conn\).readLoop holding c.errLock`
}

// A Link tests its error under another lock in its reader.
type Link struct {
	mu      sync.Mutex
	closed  bool
	errLock sync.Mutex
	err     error
	done    chan struct{}
}

// NewLink starts the link's reader.
func NewLink() *Link {
	l := &Link{done: make(chan struct{})}
	go l.readLoop()
	return l
}

func (l *Link) readLoop() {
	l.mu.Lock()
	if l.err == nil { // want `l.err is read in the goroutine started in NewLink \(line \d+\) via \(\*Link\).readLoop holding l.mu and written in \(\*Link\).Close holding l.errLock`
		l.err = errors.New("EOF") // want `l.err is written in the goroutine started in NewLink \(line \d+\) via \(\*Link\).readLoop holding l.mu and read in \(\*Link\).Close holding l.errLock`
	}
	l.mu.Unlock()
	l.Close()
}

// Close closes done after setting err under errLock.
func (l *Link) Close() {
	l.errLock.Lock()
	if l.err == nil {
		l.err = ErrShutdown
	}
	l.errLock.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.closed {
		l.closed = true
		close(l.done)
	}
}

// Wait reads err once done is closed.
func (l *Link) Wait() error {
	<-l.done
	return l.err // want `l.err is read in \(\*Link\).Wait without a lock and written in the goroutine started in NewLink \(line \d+\) via \(\*Link\).readLoop holding l.mu`
}

// A Pipe closes done before setting its error.
type Pipe struct {
	mu      sync.Mutex
	closed  bool
	errLock sync.Mutex
	err     error
	done    chan struct{}
}

// NewPipe starts the pipe's reader.
func NewPipe() *Pipe {
	p := &Pipe{done: make(chan struct{})}
	go p.readLoop()
	return p
}

func (p *Pipe) readLoop() {
	p.errLock.Lock()
	if p.err == nil {
		p.err = errors.New("EOF")
	}
	p.errLock.Unlock()
}

// Close closes done first.
func (p *Pipe) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	close(p.done)
}

// Wait reads err once done is closed, but readLoop may set it later.
func (p *Pipe) Wait() error {
	<-p.done
	return p.err // want `p.err is read in \(\*Pipe\).Wait without a lock and written in the goroutine started in NewPipe \(line \d+\) via \(\*Pipe\).readLoop holding p.errLock`
}

// A Stream sets its error, maybe to nil, before closing: the reader may
// set it after the close.
type Stream struct {
	mu      sync.Mutex
	closed  bool
	errLock sync.Mutex
	err     error
	done    chan struct{}
}

// NewStream starts the stream's reader.
func NewStream() *Stream {
	s := &Stream{done: make(chan struct{})}
	go s.readLoop()
	return s
}

func (s *Stream) readLoop() {
	s.errLock.Lock()
	if s.err == nil {
		s.err = errors.New("EOF")
	}
	s.errLock.Unlock()
}

// CloseWith closes done after setting err to what it is given, which may
// be nil.
func (s *Stream) CloseWith(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	s.errLock.Lock()
	if s.err == nil {
		s.err = err
	}
	s.errLock.Unlock()
	close(s.done)
}

// Wait reads err once done is closed.
func (s *Stream) Wait() error {
	<-s.done
	return s.err // want `s.err is read in \(\*Stream\).Wait without a lock and written in the goroutine started in NewStream \(line \d+\) via \(\*Stream\).readLoop holding s.errLock`
}
