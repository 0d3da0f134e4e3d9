package cache

import (
	"sync"
	"testing"
)

func TestCache(t *testing.T) {
	c := New(func(k string) []byte { return []byte(k) })
	var x Index
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.Get("a")
			c.Hit()
			_ = c.Stats()
			_ = c.Len()
			if i == 3 {
				c.Invalidate("a")
				x.Add("w")
			}
			x.Lookup("w")
		}()
	}
	wg.Wait()
}
