package helperfields // want package:"lockset summaries"

// This package pins the rule that a channel a callee closes
// through a helper struct, allocated around a shared object with a field
// set once in the package, is the shared object's channel.

import (
	"errors"
	"sync"
	"time"
)

// Conn's read loop records its error, then its helper's cleanup closes
// readerDone; Ping reads the error only after readerDone is closed: quiet.
type Conn struct {
	mu         sync.Mutex
	readerErr  error
	readerDone chan struct{}
	closed     bool
}

type readLoop struct{ cc *Conn }

func (rl *readLoop) cleanup() {
	cc := rl.cc
	defer close(cc.readerDone)
	cc.mu.Lock()
	cc.closed = true
	cc.mu.Unlock()
}

func (rl *readLoop) run() error { return errors.New("EOF") }

func (cc *Conn) loop() {
	rl := &readLoop{cc: cc}
	defer rl.cleanup()
	cc.readerErr = rl.run()
}

func NewConn() *Conn {
	cc := &Conn{readerDone: make(chan struct{})}
	go cc.loop()
	return cc
}

func (cc *Conn) Ping(stop chan struct{}) error {
	select {
	case <-cc.readerDone:
		return cc.readerErr
	case <-stop:
		return nil
	}
}

// Stream's helper field is set again elsewhere in the package, so the
// channel its cleanup closes may be another stream's: reported.
type Stream struct {
	err  error
	done chan struct{}
}

type pump struct{ s *Stream }

func (p *pump) finish() { close(p.s.done) }

func (p *pump) retarget(s *Stream) { p.s = s }

func (s *Stream) loop() {
	p := &pump{s: s}
	defer p.finish()
	s.err = errors.New("EOF") // want `s.err is written in the goroutine started in NewStream \(line \d+\) via \(\*Stream\).loop without a lock and read in \(\*Stream\).Err without a lock`
}

func NewStream() *Stream {
	s := &Stream{done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Stream) Err() error {
	<-s.done
	return s.err
}

// Pipe's helper closes a channel of its own, not the one Wait receives
// from: reported.
type Pipe struct {
	err   error
	done  chan struct{}
	ready chan struct{}
}

type feeder struct{ p *Pipe }

func (f *feeder) stop() { close(f.p.ready) }

func (p *Pipe) loop() {
	f := &feeder{p: p}
	defer f.stop()
	p.err = errors.New("EOF") // want `p.err is written in the goroutine started in NewPipe \(line \d+\) via \(\*Pipe\).loop without a lock and read in \(\*Pipe\).Wait without a lock`
}

func NewPipe() *Pipe {
	p := &Pipe{done: make(chan struct{}), ready: make(chan struct{})}
	go p.loop()
	return p
}

func (p *Pipe) Wait() error {
	<-p.done
	return p.err
}

// TimedConn's cleanup also hands its connection to a timer's callback, so
// the variable it closes the channel through is captured; the variable is
// never reassigned, and names the same channel: quiet.
type TimedConn struct {
	readerErr  error
	readerDone chan struct{}
	timer      *time.Timer
	dead       bool
}

type timedLoop struct{ tc *TimedConn }

func (rl *timedLoop) cleanup() {
	tc := rl.tc
	defer close(tc.readerDone)
	tc.timer = time.AfterFunc(time.Second, func() { tc.markDead() })
}

func (tc *TimedConn) markDead() {}

func (tc *TimedConn) loop() {
	rl := &timedLoop{tc: tc}
	defer rl.cleanup()
	tc.readerErr = errors.New("EOF")
}

func NewTimedConn() *TimedConn {
	tc := &TimedConn{readerDone: make(chan struct{})}
	go tc.loop()
	return tc
}

func (tc *TimedConn) Wait() error {
	<-tc.readerDone
	return tc.readerErr
}
