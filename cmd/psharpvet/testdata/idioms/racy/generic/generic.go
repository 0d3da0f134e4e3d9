package generic

import (
	"context"
	"sync"
)

type Set[T comparable] struct {
	mu sync.Mutex
	m  map[T]struct{}
}

func NewSet[T comparable]() *Set[T] { return &Set[T]{m: make(map[T]struct{})} }

func (s *Set[T]) Add(v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[v] = struct{}{}
}

// Has forgot the lock.
func (s *Set[T]) Has(v T) bool {
	_, ok := s.m[v] // race:
	return ok
}

// Cache[K,V] whose Put forgot the lock.
type Cache[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *Cache[K, V]) Put(k K, v V) {
	if c.m == nil {
		c.m = make(map[K]V)
	}
	c.m[k] = v // race:
}

// Map stage; the caller's f closes over a counter.
func Map[T, U any](ctx context.Context, in <-chan T, f func(T) U) <-chan U {
	out := make(chan U)
	go func() {
		defer close(out)
		for v := range in {
			select {
			case out <- f(v):
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

func Count(ctx context.Context, in <-chan string) (int, int) {
	n := 0
	lens := Map(ctx, in, func(s string) int {
		n++ // race:
		return len(s)
	})
	total := 0
	for l := range lens {
		total += l
		if n > 100 {
			break
		}
	}
	return total, n
}

// Generic fan-out writes results into a shared map.
func ParallelMap[K comparable, V any](keys []K, f func(K) V) map[K]V {
	out := make(map[K]V)
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Go(func() {
			out[k] = f(k) // race:
		})
	}
	wg.Wait()
	return out
}
