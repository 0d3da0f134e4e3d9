package dedupe

import (
	"sync"
	"testing"
	"time"
)

func par(n int, f func()) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	wg.Wait()
}

func TestGroup(t *testing.T) {
	var g Group
	par(8, func() { _, _, _ = g.Do("k", func() ([]byte, error) { time.Sleep(time.Millisecond); return nil, nil }) })
}

func TestLoader(t *testing.T) {
	l := NewLoader(func(k string) string { time.Sleep(time.Millisecond); return k })
	par(8, func() { _ = l.Get("k") })
}

func TestGroup2(t *testing.T) {
	g := &Group2{m: map[string]chan struct{}{}}
	par(8, func() { g.Do("k", func() { time.Sleep(time.Microsecond) }) })
}
