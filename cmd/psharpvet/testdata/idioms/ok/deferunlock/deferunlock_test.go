package deferunlock

import (
	"sync"
	"testing"
)

func TestDeferUnlock(t *testing.T) {
	s := New()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.Put("a", []byte("x"))
			_ = s.Put("b", []byte("y"))
			_, _ = s.Get("a")
			_ = s.Swap("a", "b")
			_ = s.Compute("a", func(b []byte) []byte { return append([]byte(nil), b...) })
			_ = s.Size()
			if i == 7 {
				_ = s.Close()
			}
		}()
	}
	wg.Wait()
}
