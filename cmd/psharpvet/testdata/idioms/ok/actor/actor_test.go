package actor

import (
	"sync"
	"testing"
)

func TestActor(t *testing.T) {
	a := NewAccount()
	c := NewCounter()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.Deposit(1)
			_ = a.History()
			c.Inc("a")
			_ = c.Get("a")
		}()
	}
	wg.Wait()
	a.Close()
}
