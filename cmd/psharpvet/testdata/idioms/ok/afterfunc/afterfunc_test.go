package afterfunc

import (
	"sync"
	"testing"
	"time"
)

func TestAfterFunc(t *testing.T) {
	var mu sync.Mutex
	db := &Debouncer{d: time.Millisecond, f: func(int) { mu.Lock(); mu.Unlock() }}
	s := &Sessions{}
	w := NewWatchdog(time.Millisecond)
	for i := range 20 {
		db.Trigger()
		s.Start("a", time.Millisecond)
		_ = s.Alive("a")
		w.Kick(time.Millisecond)
		_ = w.Expired()
		if i%5 == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
	time.Sleep(5 * time.Millisecond)
}
