package chanmutex

import (
	"sync"
	"testing"
)

func TestInc(t *testing.T) {
	l := NewLimiter()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); Run(l) }()
	}
	wg.Wait()
}
