package cond

import (
	"sync"
	"testing"
)

func TestCond(t *testing.T) {
	if got := ProduceConsume(100); got != 4950 {
		t.Fatal(got)
	}
	g := NewGate()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = g.Wait() }()
	}
	g.Open("x")
	wg.Wait()
}
