package sema

import (
	"context"
	"sync"
	"testing"
)

func TestSema(t *testing.T) {
	f := NewFetcher(2)
	_ = f.FetchAll(context.Background(), []string{"a", "bb", "ccc"})
	_ = Bounded([]string{"a", "b", "c"}, 2)
	l := NewLimiter()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); l.Inc() }()
	}
	wg.Wait()
}
