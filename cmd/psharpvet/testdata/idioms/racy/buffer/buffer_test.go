package buffer

import (
	"sync"
	"testing"
)

func TestRender(t *testing.T) { _ = Render([]string{"a", "b", "c"}) }

func TestFormat(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); b := Format("x", i); _ = string(b) }()
	}
	wg.Wait()
}

func TestCollect(t *testing.T) { _ = Collect([]string{"a", "b", "c", "d"}) }
