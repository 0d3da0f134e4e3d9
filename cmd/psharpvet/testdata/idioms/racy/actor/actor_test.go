package actor

import (
	"sync"
	"testing"
)

func TestPeek(t *testing.T) {
	c := NewCounter()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.Inc("a") }()
	go func() { defer wg.Done(); _ = c.Peek("a"); _ = c.Last() }()
	wg.Wait()
}

func TestHistory(t *testing.T) {
	a := NewAccount()
	a.Deposit(1)
	h := a.History()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); a.Deposit(2) }()
	_ = h[0]
	wg.Wait()
}
