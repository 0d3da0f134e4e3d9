package broadcast

import (
	"sync"
	"testing"
)

func TestBroadcast(t *testing.T) {
	e := NewEvent()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); <-e.Done() }()
	}
	e.Fire()
	e.Fire()
	wg.Wait()
	l := Load()
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = l.Get("k") }()
	}
	wg.Wait()
	_ = Race(4)
	s := NewService()
	_ = s.Stop()
}
