package afterfunc

import (
	"testing"
	"time"
)

func TestFire(t *testing.T) {
	db := &Debouncer{d: time.Microsecond, f: func(int) {}}
	for range 50 {
		db.Trigger()
		time.Sleep(10 * time.Microsecond)
	}
	time.Sleep(time.Millisecond)
}

func TestKick(t *testing.T) {
	w := NewWatchdog(time.Microsecond)
	time.Sleep(time.Millisecond)
	w.Kick(time.Microsecond)
	time.Sleep(time.Millisecond)
}

func TestRetry(t *testing.T) {
	get := RetryLater(time.Microsecond, func() error { return nil })
	time.Sleep(time.Millisecond)
	_ = get()
}
