package locked

import (
	"sync"
	"testing"
)

func TestPrewarm(t *testing.T) {
	p := &Pool{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); p.Prewarm(2) }()
	go func() { defer wg.Done(); _ = p.Get() }()
	wg.Wait()
}

func TestRefund(t *testing.T) {
	b := NewBank()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); b.Deposit("a", 1) }()
	go func() { defer wg.Done(); b.Refund("a", 1) }()
	wg.Wait()
}
