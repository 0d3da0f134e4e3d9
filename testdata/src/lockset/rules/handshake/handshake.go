package handshake // want package:"lockset summaries"

import (
	"sync/atomic"
	"time"
)

// A stop handshake on an unbuffered channel: the goroutine returns when it
// receives, so the sender's accesses after its send come after all the
// goroutine did (the receive happens before the send completes).

// Timer caches the time (freecache's cachedTimer). Quiet.
type Timer struct {
	now    int64
	ticker *time.Ticker
	done   chan bool
	closed chan struct{}
}

func NewTimer() *Timer {
	t := &Timer{ticker: time.NewTicker(time.Second), done: make(chan bool), closed: make(chan struct{})}
	go t.update()
	return t
}

func (t *Timer) Now() int64 { return atomic.LoadInt64(&t.now) }

func (t *Timer) Stop() {
	t.ticker.Stop()
	t.done <- true
	close(t.done)
	t.done = nil
	t.ticker = nil
}

func (t *Timer) update() {
	defer close(t.closed)
	for {
		select {
		case <-t.done:
			return
		case <-t.ticker.C:
			atomic.StoreInt64(&t.now, time.Now().Unix())
		}
	}
}

// Buffered's stop channel has room for the value: the send returns before
// the goroutine has received it. A race.
type Buffered struct {
	ticker *time.Ticker
	done   chan bool
}

func NewBuffered() *Buffered {
	b := &Buffered{ticker: time.NewTicker(time.Second), done: make(chan bool, 2)}
	go b.update()
	return b
}

func (b *Buffered) Stop() {
	b.done <- true
	b.ticker = nil // want `b.ticker is written in \(\*Buffered\).Stop without a lock and read in the goroutine started in NewBuffered \(line \d+\) via \(\*Buffered\).update without a lock`
}

func (b *Buffered) update() {
	for {
		select {
		case <-b.done:
			return
		case <-b.ticker.C:
		}
	}
}

// Lingering's goroutine goes on after the receive: its last write may
// run beside what Stop does next. A race.
type Lingering struct {
	ticker *time.Ticker
	n      int
	done   chan bool
}

func NewLingering() *Lingering {
	l := &Lingering{ticker: time.NewTicker(time.Second), done: make(chan bool)}
	go l.update()
	return l
}

func (l *Lingering) Stop() {
	l.done <- true
	l.n = 0 // want `l.n is written in \(\*Lingering\).Stop without a lock and written in the goroutine started in NewLingering \(line \d+\) via \(\*Lingering\).update without a lock`
}

func (l *Lingering) update() {
	for {
		select {
		case <-l.done:
			l.n = -1
			return
		case <-l.ticker.C:
			l.n++ // want `l.n is read in the goroutine started in NewLingering \(line \d+\) via \(\*Lingering\).update without a lock and written in \(\*Lingering\).Stop without a lock`
		}
	}
}

// Shared's channel has a second receiver, Drain: Stop's send may complete
// there while the goroutine still runs. A race.
type Shared struct {
	ticker *time.Ticker
	done   chan bool
}

func NewShared() *Shared {
	s := &Shared{ticker: time.NewTicker(time.Second), done: make(chan bool)}
	go s.update()
	return s
}

func (s *Shared) Drain() { <-s.done }

func (s *Shared) Stop() {
	s.done <- true
	s.ticker = nil // want `s.ticker is written in \(\*Shared\).Stop without a lock and read in the goroutine started in NewShared \(line \d+\) via \(\*Shared\).update without a lock`
}

func (s *Shared) update() {
	for {
		select {
		case <-s.done:
			return
		case <-s.ticker.C:
		}
	}
}

// Deferring's goroutine defers a call that writes when it returns, after
// the receive: it may run beside what Stop does next. A race.
type Deferring struct {
	ticker *time.Ticker
	n      int
	done   chan bool
}

func NewDeferring() *Deferring {
	d := &Deferring{ticker: time.NewTicker(time.Second), done: make(chan bool)}
	go d.update()
	return d
}

func (d *Deferring) Stop() {
	d.done <- true
	d.n = 0 // want `d.n is written in \(\*Deferring\).Stop without a lock and written in the goroutine started in NewDeferring \(line \d+\) via \(\*Deferring\).reset without a lock`
}

func (d *Deferring) reset() { d.n = -1 }

func (d *Deferring) update() {
	defer d.reset()
	for {
		select {
		case <-d.done:
			return
		case <-d.ticker.C:
		}
	}
}

// Instancer's goroutine closes the reply channel it receives and returns
// (go-kit's eureka instancer); Stop's send is the handshake. Quiet.
type Instancer struct {
	updates chan int
	last    int
	quitc   chan chan struct{}
}

func NewInstancer() *Instancer {
	s := &Instancer{updates: make(chan int), quitc: make(chan chan struct{})}
	done := make(chan struct{})
	go s.loop(done)
	return s
}

func (s *Instancer) Stop() {
	q := make(chan struct{})
	s.quitc <- q
	<-q
	s.quitc = nil
	s.last = 0
}

func (s *Instancer) loop(done chan struct{}) {
	defer close(done)
	for {
		select {
		case u := <-s.updates:
			s.last = u
		case q := <-s.quitc:
			close(q)
			return
		}
	}
}
