package cond

import (
	"sync"
	"testing"
	"time"
)

func TestLen(t *testing.T) {
	q := NewQueue()
	done := make(chan struct{})
	go func() {
		for range 100 {
			q.Put(1)
		}
		close(done)
	}()
	for range 100 {
		_ = q.Len()
	}
	<-done
}

func TestClose(t *testing.T) {
	q := NewQueue()
	done := make(chan struct{})
	go func() { q.Get(); close(done) }()
	time.Sleep(time.Millisecond)
	q.Close()
	<-done
}

func TestGate(t *testing.T) {
	g := NewGate()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 1000 {
			g.mu.Lock()
			o := g.open
			g.mu.Unlock()
			if o {
				break
			}
		}
		_ = g.Wait()
	}()
	g.Open("x")
	wg.Wait()
}
