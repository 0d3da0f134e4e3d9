package deferunlock

import (
	"sync"
	"testing"
)

func two(f, g func()) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); f() }()
	go func() { defer wg.Done(); g() }()
	wg.Wait()
}

func TestPut(t *testing.T) {
	s := New()
	two(func() { _ = s.Put("a", nil) }, func() { _, _ = s.Get("a") })
}

func TestAppend(t *testing.T) {
	s := New()
	two(func() { _ = s.Append("a", []byte("x")) }, func() { _ = s.Size() })
}

func TestClose(t *testing.T) {
	s := New()
	two(func() { _ = s.Close() }, func() { _ = s.Close() })
}
