package buffer

import (
	"sync"
	"testing"
)

func TestBuffer(t *testing.T) {
	_ = Render([]string{"a", "b"})
	_ = FormatAll([]string{"a", "b", "c"})
	_ = Collect([]string{"a", "b"})
	var l Log
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); l.Printf("x %d", 1); _ = l.String() }()
	}
	wg.Wait()
}
