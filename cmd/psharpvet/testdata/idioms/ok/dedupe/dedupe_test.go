package dedupe

import (
	"sync"
	"testing"
	"time"
)

func TestDedupe(t *testing.T) {
	var g Group
	l := NewLoader(func(k string) string { time.Sleep(time.Millisecond); return k })
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, _ = g.Do("k", func() ([]byte, error) { time.Sleep(time.Millisecond); return []byte("v"), nil })
			_ = l.Get("k")
		}()
	}
	wg.Wait()
}
