package more2

import (
	"context"
	"sync"
	"testing"
)

func TestMore2(t *testing.T) {
	_ = Compute(func() int { return 1 })
	_ = RunAll([]func() (int, error){func() (int, error) { return 1, nil }, func() (int, error) { return 2, nil }})
	_, _ = Gather(context.Background(), []func(context.Context) (int, error){func(context.Context) (int, error) { return 1, nil }})
	sc := &Scanner{targets: []string{"a", "bb"}}
	s := NewServer("x", 100)
	h := &Hub{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = sc.Scan()
			_ = sc.Runs()
			_ = s.Name()
			c := h.Subscribe()
			h.Publish("m")
			<-c
		}()
	}
	wg.Wait()
	_ = s.Close()
	_ = Sum([]int{1, 2, 3})
}
