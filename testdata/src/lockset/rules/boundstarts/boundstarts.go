package boundstarts // want package:"lockset summaries"

// This package pins that a method started through its method value (run
// := p.loop; go run(), wg.Go(t.run), time.AfterFunc(d, t.fire)) makes its
// receiver's type shared with the goroutine, as go p.loop() does: the
// bound method has no receiver of its own, the method it wraps does.

import (
	"sync"
	"time"
)

// Poller starts its loop through a variable.
type Poller struct {
	last time.Time
	stop chan struct{}
}

func (p *Poller) Start() {
	run := p.loop
	go run()
}

func (p *Poller) loop() {
	for {
		select {
		case <-p.stop:
			return
		case t := <-time.After(time.Millisecond):
			p.last = t // want `p.last is written in the goroutine started in \(\*Poller\).Start \(line 21\) via \(\*Poller\).loop without a lock and read in \(\*Poller\).Last without a lock`
		}
	}
}

func (p *Poller) Last() time.Time { return p.last }

// Ticker runs its step in a WaitGroup's goroutine.
type Ticker struct {
	n  int
	wg sync.WaitGroup
}

func (t *Ticker) Start() { t.wg.Go(t.step) }

func (t *Ticker) step() { t.n++ } // want `t.n is written in the goroutine started in \(\*Ticker\).Start \(line 43\) via \(\*Ticker\).step without a lock and read in \(\*Ticker\).N without a lock`

func (t *Ticker) N() int { return t.n }

// Timer fires later, on the runtime's goroutine.
type Timer struct{ fired bool }

func (t *Timer) Arm() { time.AfterFunc(time.Millisecond, t.fire) }

func (t *Timer) fire() { t.fired = true } // want `t.fired is written in the goroutine started in \(\*Timer\).Arm \(line 52\) via \(\*Timer\).fire without a lock and read in \(\*Timer\).Fired without a lock`

func (t *Timer) Fired() bool { return t.fired }

// LockedTimer's methods share a lock: quiet.
type LockedTimer struct {
	mu    sync.Mutex
	fired bool
}

func (t *LockedTimer) Arm() { time.AfterFunc(time.Millisecond, t.fire) }

func (t *LockedTimer) fire() { t.mu.Lock(); t.fired = true; t.mu.Unlock() }

func (t *LockedTimer) Fired() bool { t.mu.Lock(); defer t.mu.Unlock(); return t.fired }

// Batch waits for its step before it returns: quiet.
type Batch struct{ n int }

func (b *Batch) Run() int {
	var wg sync.WaitGroup
	wg.Go(b.step)
	wg.Wait()
	return b.n
}

func (b *Batch) step() { b.n++ }
