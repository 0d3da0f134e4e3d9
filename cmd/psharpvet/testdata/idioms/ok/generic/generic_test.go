package generic

import (
	"context"
	"sync"
	"testing"
)

func TestGeneric(t *testing.T) {
	s := NewSet[string]()
	var g Guarded[int]
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Add("a")
			_ = s.Has("a")
			_ = s.Items()
			_ = s.Len()
			g.Update(func(p *int) { *p++ })
			_ = g.Get()
		}()
	}
	wg.Wait()
	_ = Score(context.Background(), []string{"a", "bb"})
	_ = ParallelMap([]int{1, 2, 3}, func(i int) int { return i * 2 })
}
