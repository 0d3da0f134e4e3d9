package publish

import (
	"sync"
	"testing"
)

func TestLoad(t *testing.T) {
	tb := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for range 100 {
			tb.Load(map[string]string{"a": "b"})
		}
	}()
	go func() {
		defer wg.Done()
		for range 100 {
			_ = tb.Lookup("*")
		}
	}()
	wg.Wait()
}
