// Package closed holds what the strict reading proves from a closed
// receiving side: a channel kept only in an unexported field of a machine
// of this package, made fresh where it is stored and otherwise only sent
// on or received from, whose every receiver (a goroutine's whole body)
// neither writes what it gets, nor hands it on, nor returns it. Its
// receivers write only their own machine's memory, so memory the sender
// sends that the receiving machine does not reach is written by no one
// but the sender: reading it after the send, or sending it to several
// such machines, races with no one, even through exported fields that an
// importer could write, since no importer can reach it. Writing it after
// the send, a channel that escapes, a receiver that writes or hands on
// what it gets, and a message that carries the receiving machine's own
// memory are still reported.
package closed

import "time"

// Counts is a message with exported fields.
type Counts struct {
	Round  int
	Values []int
}

// worker is a machine: a goroutine reading its own inbox.
type worker struct {
	inbox chan any
	seen  int
	last  int
	hist  []int
}

func newWorker() *worker {
	w := &worker{inbox: make(chan any, 8)}
	go func() { w.run() }()
	return w
}

// run only reads what it gets, and writes its own fields.
func (w *worker) run() {
	for ev := range w.inbox {
		switch e := ev.(type) {
		case *Counts:
			w.seen++
			for _, v := range e.Values {
				w.last = v
			}
			w.hist = append(w.hist, e.Round)
		}
	}
}

func (w *worker) send(ev any) { w.inbox <- ev }

// ReadAfterSend reads what it sent to a worker that only reads: quiet.
func ReadAfterSend() int {
	w := newWorker()
	c := &Counts{Round: 1, Values: []int{1, 2}}
	w.inbox <- c
	return c.Values[0] + c.Round
}

// Broadcast sends one message to several workers that only read, and
// reads it afterwards: quiet.
func Broadcast(n int) int {
	c := &Counts{Round: 2, Values: make([]int, n)}
	for range n {
		w := newWorker()
		w.send(c)
	}
	return len(c.Values)
}

// WriteAfterSend writes what it sent: a race with the readers.
func WriteAfterSend() {
	w := newWorker()
	c := &Counts{Values: []int{1}}
	w.inbox <- c
	c.Values[0] = 2 // want `c is written after it was sent on w.inbox`
}

// boss is a machine whose receiver writes what it gets.
type boss struct {
	inbox chan *Counts
	total int
}

func newBoss() *boss {
	b := &boss{inbox: make(chan *Counts, 1)}
	go b.run()
	return b
}

func (b *boss) run() {
	for c := range b.inbox {
		b.total += c.Round
		c.Round = 0
	}
}

// ReadAfterSendToWriter reads what a writing receiver got: reported.
func ReadAfterSendToWriter() int {
	b := newBoss()
	c := &Counts{Round: 3}
	b.inbox <- c
	return c.Round // want `c is read after it was sent on b.inbox`
}

// relay is a machine whose receiver hands what it gets to a function the
// analysis cannot see.
type relay struct {
	inbox chan *Counts
	out   func(*Counts)
}

func newRelay(out func(*Counts)) *relay {
	r := &relay{inbox: make(chan *Counts, 1), out: out}
	go r.run()
	return r
}

func (r *relay) run() {
	for c := range r.inbox {
		r.out(c)
	}
}

// ReadAfterRelay reads what a relay handed to unseen code: reported.
func ReadAfterRelay(out func(*Counts)) int {
	r := newRelay(out)
	c := &Counts{Round: 4}
	r.inbox <- c
	return c.Round // want `c is read after it was sent on r.inbox`
}

// leaky is a machine whose channel escapes: Inbox hands it to any
// importer, which may receive from it and write what it gets.
type leaky struct {
	inbox chan *Counts
}

func newLeaky() *leaky {
	l := &leaky{inbox: make(chan *Counts, 1)}
	go l.run()
	return l
}

func (l *leaky) run() {
	for c := range l.inbox {
		_ = c.Round
	}
}

// Inbox lets other packages receive from the machine's channel.
func (l *leaky) Inbox() chan *Counts { return l.inbox }

// ReadAfterLeakySend reads what went into a channel others may receive
// from: reported.
func ReadAfterLeakySend() (int, *leaky) {
	l := newLeaky()
	c := &Counts{Round: 5}
	l.inbox <- c
	return c.Round, l // want `c is read after it was sent on l.inbox`
}

// Join carries the receiving machine itself.
type Join struct {
	Peer *worker
}

// ReadPeerAfterSend reads a field of the receiving worker after handing
// it the worker: the worker writes its own fields, reported.
func ReadPeerAfterSend() int {
	w := newWorker()
	j := &Join{Peer: w}
	w.inbox <- j
	return j.Peer.seen // want `j is read after it was sent on w.inbox`
}

// ReadPeerAfterHelperSend does the same through the worker's send helper,
// which gives up its argument read-only: the caller's other operand, the
// worker, reaches what it sent. Reported.
func ReadPeerAfterHelperSend() int {
	w := newWorker()
	j := &Join{Peer: w}
	w.send(j)
	return j.Peer.seen // want `j is read after it was given up by \(\*closed.worker\).send`
}

// keeper keeps what it receives through a helper that is not a
// goroutine's whole body: what it keeps, other code may write later
// (Bump).
type keeper struct {
	inbox chan *Counts
	kept  *Counts
}

// Bump writes what the keeper kept.
func (k *keeper) Bump() { k.kept.Round++ }

func newKeeper() *keeper {
	k := &keeper{inbox: make(chan *Counts, 1)}
	go k.run()
	return k
}

func (k *keeper) run() {
	for k.next() {
	}
}

func (k *keeper) next() bool {
	c, ok := <-k.inbox
	k.kept = c
	return ok
}

// ReadAfterKeeperSend reads what a keeper stored: reported.
func ReadAfterKeeperSend() int {
	k := newKeeper()
	c := &Counts{Round: 6}
	k.inbox <- c
	return c.Round // want `c is read after it was sent on k.inbox`
}

// router forwards what it gets to workers it holds, which only read.
type router struct {
	inbox   chan any
	workers []*worker
}

func newRouter(n int) *router {
	r := &router{inbox: make(chan any, 8)}
	for range n {
		r.workers = append(r.workers, newWorker())
	}
	go r.run()
	return r
}

func (r *router) run() {
	for ev := range r.inbox {
		for _, w := range r.workers {
			w.inbox <- ev
		}
	}
}

// ReadAfterRoute reads what a router forwarded to workers that only
// read: quiet.
func ReadAfterRoute() int {
	r := newRouter(2)
	c := &Counts{Round: 7}
	r.inbox <- c
	return c.Round
}

// twoDoors is a machine that gets messages on two channels and writes
// what it gets on the second: another sender may send it the same memory
// on the first.
type twoDoors struct {
	inbox chan *Counts
	back  chan *Counts
}

func newTwoDoors() *twoDoors {
	d := &twoDoors{inbox: make(chan *Counts, 1), back: make(chan *Counts, 1)}
	go d.run()
	return d
}

func (d *twoDoors) run() {
	for {
		select {
		case c := <-d.inbox:
			_ = c.Round
		case c := <-d.back:
			c.Round++
		}
	}
}

// Back hands c to the machine's writing door.
func (d *twoDoors) Back(c *Counts) { d.back <- c }

// ReadAfterTwoDoors reads what it sent on the reading door, which the
// machine may also have got, and write, through the other: reported.
func ReadAfterTwoDoors(d *twoDoors, c *Counts) int {
	d.inbox <- c
	return c.Round // want `c is read after it was sent on d.inbox`
}

// A timedWorker waits for each request's answer with a timer it makes
// and resets: memory time.NewTimer returns new (a Makes row of the
// model), written as the worker writes its own.
type timedWorker struct {
	inbox   chan *Counts
	answers chan int
	lastRun int
}

func newTimedWorker() *timedWorker {
	t := &timedWorker{inbox: make(chan *Counts, 1), answers: make(chan int, 1)}
	go t.run()
	return t
}

func (t *timedWorker) run() {
	for c := range t.inbox {
		timer := time.NewTimer(time.Second)
		select {
		case n := <-t.answers:
			t.lastRun = n + c.Round
		case <-timer.C:
		}
		timer.Reset(time.Millisecond)
		timer.Stop()
	}
}

// ReadAfterTimedSend reads what it sent to a worker that only reads it
// and writes its own timer: quiet.
func ReadAfterTimedSend() int {
	t := newTimedWorker()
	c := &Counts{Round: 3}
	t.inbox <- c
	return c.Round
}

// A pooledWorker writes a message a call it cannot see into returns,
// which may be memory another sender hands it on its inbox.
type pooledWorker struct {
	inbox chan *Counts
}

func newPooledWorker() *pooledWorker {
	p := &pooledWorker{inbox: make(chan *Counts, 1)}
	go p.run()
	return p
}

// spareCounts is implemented outside the analysis's sight (a function
// without a body, in assembly, say).
func spareCounts() *Counts

func (p *pooledWorker) run() {
	for c := range p.inbox {
		b := spareCounts()
		b.Round = c.Round
	}
}

// ReadAfterPooledSend reads what it sent to a worker that writes memory
// a call returned: reported.
func ReadAfterPooledSend(p *pooledWorker, c *Counts) int {
	p.inbox <- c
	return c.Round // want `c is read after it was sent on p.inbox`
}

// Inner is memory a message points to.
type Inner struct{ N int }

// Deep is a message whose receiver writes below it.
type Deep struct {
	State []int
	Inner *Inner
}

// deepWriter writes what the fields of the message it gets hold: memory
// the receiving function's heap has no object for (loaded from a received
// value), which it must still count as written.
type deepWriter struct {
	inbox chan *Deep
}

func newDeepWriter() *deepWriter {
	w := &deepWriter{inbox: make(chan *Deep, 1)}
	go w.run()
	return w
}

func (w *deepWriter) run() {
	for d := range w.inbox {
		d.State[0]++
		d.Inner.N++
	}
}

// ReadAfterDeepWrite reads what the receiver writes below the message:
// reported.
func ReadAfterDeepWrite() int {
	w := newDeepWriter()
	d := &Deep{State: make([]int, 4), Inner: &Inner{}}
	w.inbox <- d
	return d.State[0] + d.Inner.N // want `d is read after it was sent on w.inbox`
}
