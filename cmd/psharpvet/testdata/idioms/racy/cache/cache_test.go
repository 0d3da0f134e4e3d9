package cache

import (
	"sync"
	"testing"
)

func TestGet(t *testing.T) {
	c := New(func(k string) []byte { return []byte(k) })
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = c.Get(string(rune('a' + i))) }()
	}
	wg.Wait()
}

func TestLookup(t *testing.T) {
	c := New(func(k string) []byte { return []byte(k) })
	c.Get("a")
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = c.Lookup("a") }()
	}
	wg.Wait()
}

func TestIndex(t *testing.T) {
	var x Index
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); x.Add("a"); _, _ = x.Lookup("a") }()
	}
	wg.Wait()
}
