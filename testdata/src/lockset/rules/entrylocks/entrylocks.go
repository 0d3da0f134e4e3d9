package entrylocks // want package:"lockset summaries"

import (
	"sync"
	"time"
)

// This package pins the "caller must hold mu" convention: an unexported
// function called only directly, and only with s.mu held, starts with
// s.mu held. A goroutine it starts is then compared with its continuation
// under the lock.

type Server struct {
	mu   sync.Mutex
	tmr  *time.Timer
	idle *time.Timer
}

func (s *Server) Start() {
	s.mu.Lock()
	s.startTimerLocked()
	s.mu.Unlock()
}

// startTimerLocked is only called with s.mu held: its write of s.tmr
// after starting the timer is ordered with expire's by the lock. Quiet.
func (s *Server) startTimerLocked() {
	s.tmr = time.AfterFunc(time.Second, s.expire)
}

func (s *Server) expire() {
	s.mu.Lock()
	s.tmr = nil
	s.mu.Unlock()
}

func (s *Server) Idle() {
	s.mu.Lock()
	s.armIdle()
	s.mu.Unlock()
}

func (s *Server) Poke() {
	s.armIdle() // one caller does not hold s.mu
}

// armIdle is called once without the lock: it starts with nothing held,
// and its write races with the callback's.
func (s *Server) armIdle() {
	s.idle = time.AfterFunc(time.Second, s.onIdle) // want `s.idle is written in \(\*Server\).Poke via \(\*Server\).armIdle without a lock and written in \(\*Server\).Idle via \(\*Server\).armIdle holding s.mu`
}

func (s *Server) onIdle() {
	s.mu.Lock()
	s.idle = nil
	s.mu.Unlock()
}

// Tree's walkLocked calls itself, and writeLocked and alertLocked call
// each other (crypto/tls's writeRecordLocked and sendAlertLocked): every
// call from outside holds t.mu and none releases it, so the cycle starts
// with t.mu held. Its writes are ordered with the timer's. Quiet.
type Tree struct {
	mu    sync.Mutex
	nodes int
	tmr   *time.Timer
	sent  int
}

func (t *Tree) Walk(depth int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.walkLocked(depth)
}

func (t *Tree) walkLocked(depth int) {
	t.nodes++
	t.tmr = time.AfterFunc(time.Second, t.tick)
	if depth > 0 {
		t.walkLocked(depth - 1)
	}
}

func (t *Tree) tick() {
	t.mu.Lock()
	t.nodes = 0
	t.tmr = nil
	t.sent = 0
	t.mu.Unlock()
}

func (t *Tree) Send(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.writeLocked(n)
}

func (t *Tree) writeLocked(n int) {
	t.sent += n
	t.tmr = time.AfterFunc(time.Second, t.tick)
	if n > 1 {
		t.alertLocked()
	}
}

func (t *Tree) alertLocked() {
	t.writeLocked(1)
}

// Drop's helper drops the lock around its recursive call: that call runs
// without t.mu, and its write races with the timer's.
type Drop struct {
	mu  sync.Mutex
	n   int
	tmr *time.Timer
}

func (d *Drop) Run(k int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stepLocked(k)
}

func (d *Drop) stepLocked(k int) {
	d.tmr = time.AfterFunc(time.Second, d.reset) // want `d.tmr is written in \(\*Drop\).stepLocked after the go statement without a lock`
	d.n = k                                      // want `d.n is written in \(\*Drop\).stepLocked after the go statement without a lock`
	if k > 0 {
		d.mu.Unlock()
		d.stepLocked(k - 1)
		d.mu.Lock()
	}
}

func (d *Drop) reset() {
	d.mu.Lock()
	d.tmr = nil
	d.n = 0
	d.mu.Unlock()
}

// Spill's armLocked is called with s.mu held, and its receiver is
// captured by the timer's closure, so the helper keeps it in a variable:
// the lock held on entry is named through that variable too. Quiet.
type Spill struct {
	mu  sync.Mutex
	tmr *time.Timer
}

func (s *Spill) Arm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.armLocked()
}

func (s *Spill) armLocked() {
	s.tmr = time.AfterFunc(time.Second, func() {
		s.mu.Lock()
		s.tmr = nil
		s.mu.Unlock()
	})
}

// Deferred calls run at the returns, with the locks held there: a helper
// deferred after the lock's own deferred unlock runs under the lock.

type Ager struct {
	mu  sync.Mutex
	chk *time.Timer
}

func (a *Ager) Store() {
	a.mu.Lock()
	defer a.mu.Unlock()
	defer a.resetLocked()
}

func (a *Ager) Expire() {
	a.mu.Lock()
	a.resetLocked()
	a.mu.Unlock()
}

// resetLocked is called directly, or deferred, always with a.mu held:
// its write after arming the timer is ordered with the callback's.
// Quiet.
func (a *Ager) resetLocked() {
	a.chk = time.AfterFunc(time.Second, a.Expire)
}
