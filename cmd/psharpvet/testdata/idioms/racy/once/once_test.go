package once

import (
	"sync"
	"testing"
)

func TestGet(t *testing.T) {
	c := &Client{addr: "x"}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = c.Addr() }()
	}
	wg.Wait()
}

func TestReset(t *testing.T) {
	tb := &Table{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = tb.Lookup("a") }()
	go func() { defer wg.Done(); tb.Reset() }()
	wg.Wait()
}

func TestRegister(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); Register("a", i); _ = Registered("a") }()
	}
	wg.Wait()
}
