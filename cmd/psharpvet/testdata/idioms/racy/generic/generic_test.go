package generic

import (
	"context"
	"sync"
	"testing"
)

func TestHas(t *testing.T) {
	s := NewSet[int]()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.Add(1) }()
	go func() { defer wg.Done(); _ = s.Has(1) }()
	wg.Wait()
}

func TestPut(t *testing.T) {
	c := &Cache[string, int]{m: map[string]int{}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.Put("a", 1) }()
	go func() { defer wg.Done(); _, _ = c.Get("a") }()
	wg.Wait()
}

func TestCount(t *testing.T) {
	in := make(chan string)
	go func() {
		for range 10 {
			in <- "ab"
		}
		close(in)
	}()
	_, _ = Count(context.Background(), in)
}

func TestParallelMap(t *testing.T) {
	_ = ParallelMap([]int{1, 2, 3}, func(i int) int { return i })
}
