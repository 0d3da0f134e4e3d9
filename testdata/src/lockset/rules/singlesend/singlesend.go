package singlesend // want package:"lockset summaries"

import (
	"context"
	"sync"
)

// This package pins the single send (chansend.go): a goroutine's one
// send on a channel made for it orders what it did before with what
// another entry point does after receiving from the field that holds the
// channel, or after finding that field nil (os/exec's watchCtx, whose
// result Wait receives from c.ctxResult). A send in a loop, a second
// sender, a channel handed to two goroutines, and a write after the send
// still race.

// A Cmd is os/exec's: Start hands watch a channel made for it.
type Cmd struct {
	ctx    context.Context
	result <-chan int
	err    error
	status int
}

// Start starts the watcher, whose result Wait receives.
func (c *Cmd) Start() {
	resultc := make(chan int)
	c.result = resultc
	go c.watch(resultc)
}

// watch sends once, in one of three places, on every path.
func (c *Cmd) watch(resultc chan<- int) {
	select {
	case resultc <- 0:
		return
	case <-c.ctx.Done():
	}
	c.err = c.ctx.Err()
	if c.status == 0 {
		resultc <- 1
		return
	}
	c.status = 2 // want `c.status is written in the goroutine started in \(\*Cmd\).Start \(line \d+\) via \(\*Cmd\).watch without a lock and read in \(\*Cmd\).Peek without a lock`
	resultc <- 2
}

// Wait receives the watcher's result when there is a watcher: quiet.
func (c *Cmd) Wait() (int, error) {
	if c.result != nil {
		<-c.result
	}
	return c.status, c.err
}

// WaitContext reads in the case that received: quiet.
func (c *Cmd) WaitContext(ctx context.Context) error {
	select {
	case <-c.result:
		return c.err
	case <-ctx.Done():
		return nil
	}
}

// Peek does not wait.
func (c *Cmd) Peek() int {
	return c.status
}

// A Job's goroutine is a literal, handed its channel as an argument.
type Job struct {
	mu   sync.Mutex
	done chan struct{}
	out  int
	n    int
}

// NewJob starts the job.
func NewJob() *Job {
	j := &Job{}
	done := make(chan struct{})
	j.done = done
	go func(done chan<- struct{}) {
		j.out = 1
		done <- struct{}{}
	}(done)
	return j
}

// Result waits for the job: quiet.
func (j *Job) Result() int {
	<-j.done
	return j.out
}

// Count counts under the lock.
func (j *Job) Count() {
	j.mu.Lock()
	j.n++
	j.mu.Unlock()
}

// A Lit's goroutine captures its channel: a captured variable is not
// followed.
type Lit struct {
	mu   sync.Mutex
	done chan struct{}
	out  int
}

// NewLit starts the literal.
func NewLit() *Lit {
	l := &Lit{}
	done := make(chan struct{})
	l.done = done
	go func() {
		l.out = 1 // want `l.out is written in the goroutine started in NewLit \(line \d+\) without a lock and read in \(\*Lit\).Result holding l.mu`
		done <- struct{}{}
	}()
	return l
}

// Result waits for the literal.
func (l *Lit) Result() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	<-l.done
	return l.out
}

// A Ticker's goroutine sends in a loop: each send is followed by the
// next write.
type Ticker struct {
	ch chan int
	n  int
}

// Start starts the ticker.
func (t *Ticker) Start() {
	ch := make(chan int)
	t.ch = ch
	go t.loop(ch)
}

func (t *Ticker) loop(ch chan<- int) {
	for {
		t.n++ // want `t.n is written in the goroutine started in \(\*Ticker\).Start \(line \d+\) via \(\*Ticker\).loop without a lock and read in \(\*Ticker\).Next without a lock`
		ch <- t.n
	}
}

// Next receives one tick.
func (t *Ticker) Next() int {
	<-t.ch
	return t.n
}

// A Call's field has a second sender, Cancel.
type Call struct {
	done chan error
	res  int
}

// Go starts the call.
func (c *Call) Go() {
	done := make(chan error)
	c.done = done
	go c.run(done)
}

func (c *Call) run(done chan<- error) {
	c.res = 1 // want `c.res is written in the goroutine started in \(\*Call\).Go \(line \d+\) via \(\*Call\).run without a lock and read in \(\*Call\).Result without a lock`
	done <- nil
}

// Cancel completes a receive from done itself.
func (c *Call) Cancel() {
	c.done <- context.Canceled
}

// Result may receive Cancel's error.
func (c *Call) Result() int {
	<-c.done
	return c.res
}

// A Pair hands one channel to two goroutines: a receive takes either's
// send.
type Pair struct {
	done chan struct{}
	a, b int
}

// Start starts both.
func (p *Pair) Start() {
	done := make(chan struct{})
	p.done = done
	go p.left(done)
	go p.right(done)
}

func (p *Pair) left(done chan<- struct{}) {
	p.a = 1 // want `p.a is written in the goroutine started in \(\*Pair\).Start \(line \d+\) via \(\*Pair\).left without a lock and read in \(\*Pair\).First without a lock`
	done <- struct{}{}
}

func (p *Pair) right(done chan<- struct{}) {
	p.b = 1
	done <- struct{}{}
}

// First receives one of the two sends.
func (p *Pair) First() int {
	<-p.done
	return p.a
}

// A Task writes after its send.
type Task struct {
	done  chan struct{}
	val   int
	after int
}

// Start starts the task.
func (t *Task) Start() {
	done := make(chan struct{})
	t.done = done
	go t.run(done)
}

func (t *Task) run(done chan<- struct{}) {
	t.val = 1
	done <- struct{}{}
	t.after = 2 // want `t.after is written in the goroutine started in \(\*Task\).Start \(line \d+\) via \(\*Task\).run without a lock and read in \(\*Task\).Wait without a lock`
}

// Wait reads val, written before the send (quiet), and after, written
// after it.
func (t *Task) Wait() (int, int) {
	<-t.done
	return t.val, t.after
}

// A Probe's spawner receives the result itself, through the field.
type Probe struct {
	result chan int
	seen   int
	early  int
}

// Run waits for the probe it starts: the read of seen is quiet; early is
// read before the receive.
func (p *Probe) Run() int {
	resultc := make(chan int)
	p.result = resultc
	go p.probe(resultc)
	n := p.early // want `p.early is read in \(\*Probe\).Run after the go statement without a lock and written in the goroutine started in \(\*Probe\).Run \(line \d+\) via \(\*Probe\).probe without a lock`
	<-p.result
	return n + p.seen
}

func (p *Probe) probe(resultc chan<- int) {
	p.seen = 1
	p.early = 1
	resultc <- 1
}
