package initpublish // want package:"lockset summaries: 14"

import (
	"sync"
	"time"
)

// This package pins the ordering of a go statement with what its spawner
// did before it, when another entry point runs the spawner: zap's
// BufferedWriteSyncer, whose Write calls initialize under s.mu, which
// makes the channels and then starts flushLoop. The goroutine reads them
// after the go statement, and another Write cannot run initialize again
// without s.mu.

type Syncer struct {
	mu          sync.Mutex
	initialized bool
	done        chan struct{}
	n           int
}

// initialize writes s.done before the go statement: quiet.
func (s *Syncer) initialize() {
	s.done = make(chan struct{})
	s.initialized = true
	go s.loop()
}

func (s *Syncer) loop() {
	<-s.done
}

func (s *Syncer) Write() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.initialized {
		s.initialize()
	}
	s.n++
}

func (s *Syncer) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.done)
}

// Starter's start runs without a lock from Start: a second Start writes
// s.stop while the first one's goroutine reads it. A race, reported once:
// two Start calls, neither locking, are no evidence by themselves.
type Starter struct {
	mu   sync.Mutex
	stop chan struct{}
}

func (s *Starter) start() {
	s.stop = make(chan struct{}) // want `s.stop is written in \(\*Starter\).Start via \(\*Starter\).start without a lock and read in the goroutine started in \(\*Starter\).start \(line \d+\) via \(\*Starter\).wait without a lock`
	go s.wait()
}

func (s *Starter) wait() {
	<-s.stop
}

func (s *Starter) Start() {
	s.start()
}

func (s *Starter) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.stop)
}

// Late writes after its go statement, under the lock: the goroutine may
// already read it. A race.
type Late struct {
	mu   sync.Mutex
	quit chan struct{}
}

func (l *Late) run() {
	go l.watch()
	l.quit = make(chan struct{})
}

func (l *Late) watch() {
	<-l.quit // want `l.quit is read in the goroutine started in \(\*Late\).run \(line \d+\) via \(\*Late\).watch without a lock and written in \(\*Late\).Run via \(\*Late\).run holding l.mu`
}

func (l *Late) Run() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.run()
}

// Debouncer's timer callback writes d.fired without the lock that Trigger
// holds when it resets the count before arming the next timer: a callback
// of an earlier call may still run. The goroutine's write is no
// publication the ordering covers. A race.
type Debouncer struct {
	mu    sync.Mutex
	timer *time.Timer
	fired int
}

func (d *Debouncer) Trigger() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fired = 0
	d.timer = time.AfterFunc(time.Millisecond, func() {
		d.fired++ // want `d.fired is written in the goroutine started in \(\*Debouncer\).Trigger \(line \d+\) without a lock and written in \(\*Debouncer\).Trigger holding d.mu`
	})
}

// Ticker's callback increments t.ticks without the lock; Start resets it
// under the lock before arming the timer, and Reset does the same. Both
// pairs race, and the report names Reset, the partner that needs no
// inference that Start runs again while an earlier callback still runs.
type Ticker struct {
	mu    sync.Mutex
	timer *time.Timer
	ticks int
}

func (t *Ticker) Start() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ticks = 0
	t.timer = time.AfterFunc(time.Millisecond, func() {
		t.ticks++ // want `t.ticks is read in the goroutine started in \(\*Ticker\).Start \(line \d+\) without a lock and written in \(\*Ticker\).Reset holding t.mu`
	})
}

func (t *Ticker) Reset() {
	t.mu.Lock()
	t.ticks = 0
	t.mu.Unlock()
}
