package casonce // want package:"lockset summaries"

import (
	"errors"
	"sync"
	"sync/atomic"
)

// This package pins the one-shot compare-and-swap: when a flag only ever
// moves from false to true, one CompareAndSwap(false, true) on it
// succeeds, so the branches that follow a success never run together
// (database/sql's Tx, committed by its owner or rolled back by the
// goroutine watching its context).

var errDone = errors.New("done")

type Tx struct {
	mu   sync.Mutex
	done atomic.Bool
	conn *int
	log  []string
}

func (tx *Tx) close() { tx.conn = nil }

// Commit and rollback close tx only after winning tx.done. Quiet.
func (tx *Tx) Commit() error {
	if !tx.done.CompareAndSwap(false, true) {
		return errDone
	}
	tx.close()
	return nil
}

func (tx *Tx) rollback() error {
	if !tx.done.CompareAndSwap(false, true) {
		return errDone
	}
	tx.close()
	return nil
}

func (tx *Tx) awaitDone(stop chan struct{}) {
	<-stop
	tx.rollback()
}

// Begin starts the goroutine that rolls tx back.
func Begin(stop chan struct{}) *Tx {
	tx := &Tx{conn: new(int)}
	go tx.awaitDone(stop)
	return tx
}

// Peek reads tx.conn without winning anything. Reported.
func (tx *Tx) Peek() *int {
	return tx.conn // want `tx.conn is read in \(\*Tx\).Peek without a lock and written in the goroutine started in Begin \(line 51\) via \(\*Tx\).close after winning tx.done.CompareAndSwap`
}

// Flag is reset, so two compare-and-swaps may both succeed.
type Flag struct {
	busy atomic.Bool
	n    int
}

// Run increments f.n after winning f.busy, which Reset puts back: not a
// one-shot flag. Reported.
func (f *Flag) Run() {
	if f.busy.CompareAndSwap(false, true) {
		f.n++ // want `f.n is read in the goroutine started in Start \(line 78\) via \(\*Flag\).Run without a lock and written in another instance of goroutine started in Start \(line 78\) via \(\*Flag\).Run without a lock`
	}
}

func (f *Flag) Reset() { f.busy.Store(false) }

func Start(f *Flag) {
	for range 2 {
		go f.Run()
	}
}

// Conn is closed once; closing marks it first with a Store of the new
// value, which keeps the flag one-shot.
type Conn struct {
	closed atomic.Bool
	fd     *int
}

func (c *Conn) markClosed() { c.closed.Store(true) }

// Close and Abort release c.fd only after winning c.closed. Quiet.
func (c *Conn) Close() {
	if c.closed.CompareAndSwap(false, true) {
		c.fd = nil
	}
}

func (c *Conn) Abort() {
	if !c.closed.CompareAndSwap(false, true) {
		return
	}
	c.fd = nil
}

func Serve(c *Conn) {
	go c.Close()
	go c.Abort()
	c.markClosed()
}

// Sock closes once, by a swap of a flag nothing resets: the branch where
// the swap returned 0 runs once per Sock, so Close and the watcher's
// Close never both write s.fd. Quiet; Fd reads it unordered: reported.
type Sock struct {
	closed int32
	fd     *int
}

func (s *Sock) Close() {
	if atomic.SwapInt32(&s.closed, 1) != 0 {
		return
	}
	s.fd = nil
}

func (s *Sock) watch(stop chan struct{}) {
	<-stop
	s.Close()
}

// Dial starts the goroutine that closes s.
func Dial(stop chan struct{}) *Sock {
	s := &Sock{fd: new(int)}
	go s.watch(stop)
	return s
}

func (s *Sock) Fd() *int {
	return s.fd // want `s.fd is read in \(\*Sock\).Fd without a lock and written in the goroutine started in Dial \(line \d+\) via \(\*Sock\).Close after winning s.closed.Swap`
}

// Pipe is Sock with a Reopen that stores the flag back to 0: two swaps
// may both return 0, so Close races with the watcher's Close. Reported.
type Pipe struct {
	closed int32
	fd     *int
}

func (p *Pipe) Close() {
	if atomic.SwapInt32(&p.closed, 1) != 0 {
		return
	}
	p.fd = nil // want `p.fd is written in \(\*Pipe\).Close without a lock and written in the goroutine started in OpenPipe \(line \d+\) via \(\*Pipe\).Close without a lock`
}

func (p *Pipe) Reopen() { atomic.StoreInt32(&p.closed, 0) }

func (p *Pipe) watch(stop chan struct{}) {
	<-stop
	p.Close()
}

// OpenPipe starts the goroutine that closes p.
func OpenPipe(stop chan struct{}) *Pipe {
	p := &Pipe{fd: new(int)}
	go p.watch(stop)
	return p
}

// Proc starts its watcher only after winning p.started: another call of
// Start wins nothing, so its writes never meet the watcher's reads
// (inherit.go). Quiet. Exit's watcher is the same, but Exit writes p.code
// after its go statement, beside its own watcher: reported.
type Proc struct {
	started int32
	pid     *int
	code    int
}

func (p *Proc) Start() {
	if atomic.SwapInt32(&p.started, 1) != 0 {
		return
	}
	p.pid = new(int)
	go p.watch()
}

func (p *Proc) watch() { _ = *p.pid }

func (p *Proc) Exit() {
	if atomic.SwapInt32(&p.started, 1) != 0 {
		return
	}
	go p.report()
	p.code = 1
}

func (p *Proc) report() {
	_ = p.code // want `p.code is read in the goroutine started in \(\*Proc\).Exit \(line \d+\) via \(\*Proc\).report without a lock and written in \(\*Proc\).Exit after the go statement after winning p.started.Swap`
}
