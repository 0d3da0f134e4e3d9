package cow

import (
	"sync"
	"testing"
)

func TestSetFlag(t *testing.T) {
	s := NewStore(&Config{Flags: map[string]bool{}})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for range 100 {
			s.SetFlag("a", true)
		}
	}()
	go func() {
		defer wg.Done()
		for range 100 {
			_ = s.Enabled("a")
		}
	}()
	wg.Wait()
}

func TestSetEndpoint(t *testing.T) {
	s := NewStore(&Config{Flags: map[string]bool{}})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.SetEndpoint("x") }()
	go func() { defer wg.Done(); _ = s.Endpoint() }()
	wg.Wait()
}

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.Inc() }()
	go func() { defer wg.Done(); _ = c.Get() }()
	wg.Wait()
}

func TestPeers(t *testing.T) {
	var p Peers
	p.v.Store([]string{"a", "b"})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); p.Replace(0, "c") }()
	go func() { defer wg.Done(); _ = p.First() }()
	wg.Wait()
}
