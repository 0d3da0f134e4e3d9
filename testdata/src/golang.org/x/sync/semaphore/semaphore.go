// Package semaphore is a hand-written stub of golang.org/x/sync/semaphore
// with just the API the tests use.
package semaphore

import (
	"context"
	"sync"
)

// Weighted is a weighted semaphore.
type Weighted struct {
	size, cur int64
	mu        sync.Mutex
	cond      *sync.Cond
}

// NewWeighted returns a semaphore of capacity n.
func NewWeighted(n int64) *Weighted {
	w := &Weighted{size: n}
	w.cond = sync.NewCond(&w.mu)
	return w
}

// Acquire takes n of the capacity, blocking until it is free.
func (s *Weighted) Acquire(ctx context.Context, n int64) error {
	s.mu.Lock()
	for s.cur+n > s.size {
		s.cond.Wait()
	}
	s.cur += n
	s.mu.Unlock()
	return nil
}

// Release gives back n of the capacity.
func (s *Weighted) Release(n int64) {
	s.mu.Lock()
	s.cur -= n
	s.mu.Unlock()
	s.cond.Broadcast()
}
