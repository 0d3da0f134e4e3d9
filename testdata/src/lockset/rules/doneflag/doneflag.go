package doneflag // want package:"lockset summaries"

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// This package pins orderings by a done flag set atomically
// (doneflag.go): a goroutine whose last act is an atomic store of 1 (or
// true) into a flag is ordered before what follows, in another entry
// point, a wait until an atomic load of the flag returns 1 (or true), as a
// worker pool's Reboot waits for its purge goroutine. A wait for another
// value, a wait on another flag, and no wait keep the report.

type config struct{ ttl int }

// A Pool restarts its purge goroutine.
type Pool struct {
	mu      sync.Mutex
	workers int
	cfg     *config
	done    int32
}

// NewPool starts the purge goroutine.
func NewPool() *Pool {
	p := &Pool{}
	p.start()
	return p
}

func (p *Pool) start() {
	p.cfg = &config{ttl: 1}
	go p.purge()
}

func (p *Pool) purge() {
	defer atomic.StoreInt32(&p.done, 1)
	p.mu.Lock()
	p.workers = 0
	p.mu.Unlock()
	_ = p.cfg.ttl
}

// Reboot waits for the old purge goroutine, then starts a new one: quiet.
func (p *Pool) Reboot() {
	for atomic.LoadInt32(&p.done) != 1 {
		runtime.Gosched()
	}
	atomic.StoreInt32(&p.done, 0)
	p.start()
}

// A Ticker sets its flag in a deferred function literal, an atomic.Bool.
type Ticker struct {
	mu      sync.Mutex
	n       int
	last    int64
	stopped atomic.Bool
}

// Start starts the tick goroutine.
func (t *Ticker) Start() {
	go t.tick()
}

func (t *Ticker) tick() {
	defer func() {
		t.stopped.Store(true)
	}()
	t.mu.Lock()
	t.n++
	t.mu.Unlock()
	t.last = 1 // want `t.last is written in the goroutine started in \(\*Ticker\).Start \(line \d+\) via \(\*Ticker\).tick without a lock and read in \(\*Ticker\).Peek without a lock`
}

// Peek reads last without waiting: reported.
func (t *Ticker) Peek() int64 { return t.last }

// Last reads last once the goroutine is done: quiet.
func (t *Ticker) Last() int64 {
	if !t.stopped.Load() {
		return 0
	}
	return t.last
}

// A Loop waits for the wrong value.
type Loop struct {
	mu    sync.Mutex
	n     int
	cfg   *config
	state int32
}

// Start starts the run goroutine.
func (l *Loop) Start() {
	l.cfg = &config{} // want `l.cfg is written in \(\*Loop\).Restart via \(\*Loop\).Start without a lock and read in the goroutine started in \(\*Loop\).Start \(line \d+\) via \(\*Loop\).run without a lock`
	go l.run()
}

func (l *Loop) run() {
	defer atomic.StoreInt32(&l.state, 1)
	l.mu.Lock()
	l.n++
	l.mu.Unlock()
	_ = l.cfg.ttl
}

// Restart waits until state is 0, which run never stores: reported.
func (l *Loop) Restart() {
	for atomic.LoadInt32(&l.state) != 0 {
		runtime.Gosched()
	}
	l.Start()
}
