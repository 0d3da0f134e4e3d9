package locked

import (
	"sync"
	"testing"
)

func TestLocked(t *testing.T) {
	p := &Pool{max: 2}
	b := NewBank()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := p.Get()
			p.Put(c)
			_, _ = p.Stats()
			b.Transfer("a", "b", 1)
			_ = b.Balance("a")
		}()
	}
	wg.Wait()
}
