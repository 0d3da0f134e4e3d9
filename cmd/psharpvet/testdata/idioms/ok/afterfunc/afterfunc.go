package afterfunc

import (
	"sync"
	"time"
)

// Debouncer fires f after d of quiet.
type Debouncer struct {
	mu    sync.Mutex
	d     time.Duration
	timer *time.Timer
	calls int
	f     func(int)
}

func (db *Debouncer) Trigger() {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.calls++
	if db.timer != nil {
		db.timer.Stop()
	}
	db.timer = time.AfterFunc(db.d, db.fire)
}

func (db *Debouncer) fire() {
	db.mu.Lock()
	n := db.calls
	db.calls = 0
	db.timer = nil
	db.mu.Unlock()
	db.f(n)
}

// Session expiry with AfterFunc touching a locked map.
type Sessions struct {
	mu   sync.Mutex
	live map[string]time.Time
}

func (s *Sessions) Start(id string, ttl time.Duration) {
	s.mu.Lock()
	if s.live == nil {
		s.live = map[string]time.Time{}
	}
	s.live[id] = time.Now()
	s.mu.Unlock()
	time.AfterFunc(ttl, func() {
		s.mu.Lock()
		delete(s.live, id)
		s.mu.Unlock()
	})
}

func (s *Sessions) Alive(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.live[id]
	return ok
}

// Heartbeat: resettable watchdog.
type Watchdog struct {
	mu      sync.Mutex
	t       *time.Timer
	expired bool
}

func NewWatchdog(d time.Duration) *Watchdog {
	w := &Watchdog{}
	w.mu.Lock()
	w.t = time.AfterFunc(d, func() {
		w.mu.Lock()
		w.expired = true
		w.mu.Unlock()
	})
	w.mu.Unlock()
	return w
}

func (w *Watchdog) Kick(d time.Duration) {
	w.mu.Lock()
	w.t.Reset(d)
	w.mu.Unlock()
}

func (w *Watchdog) Expired() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.expired
}
