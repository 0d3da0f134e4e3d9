package generic

import (
	"context"
	"sync"
)

// Set is a concurrency-safe set.
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

func (s *Set[T]) Has(v T) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[v]
	return ok
}

func (s *Set[T]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

func (s *Set[T]) Items() []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]T, 0, len(s.m))
	for k := range s.m {
		out = append(out, k)
	}
	return out
}

// Map is a generic pipeline stage.
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

func Generate[T any](ctx context.Context, vs ...T) <-chan T {
	out := make(chan T)
	go func() {
		defer close(out)
		for _, v := range vs {
			select {
			case out <- v:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

type Item struct {
	Name  string
	Score int
}

func Score(ctx context.Context, names []string) []*Item {
	items := Map(ctx, Generate(ctx, names...), func(n string) *Item { return &Item{Name: n} })
	scored := Map(ctx, items, func(it *Item) *Item { it.Score = len(it.Name); return it })
	var out []*Item
	for it := range scored {
		out = append(out, it)
	}
	return out
}

// ParallelMap over a slice with a generic result slice.
func ParallelMap[T, U any](in []T, f func(T) U) []U {
	out := make([]U, len(in))
	var wg sync.WaitGroup
	for i, v := range in {
		wg.Go(func() { out[i] = f(v) })
	}
	wg.Wait()
	return out
}

// Guarded value generic wrapper.
type Guarded[T any] struct {
	mu sync.Mutex
	v  T
}

func (g *Guarded[T]) Update(f func(*T)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f(&g.v)
}

func (g *Guarded[T]) Get() T {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.v
}
