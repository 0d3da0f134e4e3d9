package syncmap

import (
	"sync"
	"testing"
)

func TestTouch(t *testing.T) {
	var r Registry
	r.GetOrCreate("a")
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); r.Touch("a"); _ = r.Total() }()
	}
	wg.Wait()
}

func TestIndex(t *testing.T) {
	var x Index
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); x.Add("a", "v"); _ = x.Get("a") }()
	}
	wg.Wait()
}
