package afterfunc

import (
	"sync"
	"time"
)

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

// fire resets the count after unlocking.
func (db *Debouncer) fire() {
	db.mu.Lock()
	n := db.calls
	db.mu.Unlock()
	db.calls = 0 // race:
	db.f(n)
}

type Watchdog struct {
	mu      sync.Mutex
	t       *time.Timer
	expired bool
}

func NewWatchdog(d time.Duration) *Watchdog {
	w := &Watchdog{}
	w.t = time.AfterFunc(d, func() {
		w.mu.Lock()
		w.expired = true
		w.mu.Unlock()
	})
	return w
}

// Kick resets the flag without the lock.
func (w *Watchdog) Kick(d time.Duration) {
	w.expired = false // race:
	w.t.Reset(d)
}

// Retry timer callback writes the caller's local without synchronisation.
func RetryLater(d time.Duration, f func() error) func() error {
	var lastErr error
	time.AfterFunc(d, func() {
		lastErr = f() // race:
	})
	return func() error { return lastErr }
}
