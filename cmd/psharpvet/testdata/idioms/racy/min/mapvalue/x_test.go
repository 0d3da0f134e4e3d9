package mapvalue

import (
	"sync"
	"testing"
)

func TestTouch(t *testing.T) {
	r := &Registry{m: map[string]*Session{"a": {}}}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); r.Touch("a"); _ = r.Hits("a") }()
	}
	wg.Wait()
}
