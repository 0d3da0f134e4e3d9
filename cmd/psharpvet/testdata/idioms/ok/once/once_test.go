package once

import (
	"sync"
	"testing"
)

func TestOnce(t *testing.T) {
	c := &Client{addr: "x"}
	s := NewServer()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = c.Addr()
			_ = Home()
			_ = Setting("a")
			s.Stop()
			_ = s.Lookup("a")
			_ = Registry()
		}()
	}
	wg.Wait()
}
