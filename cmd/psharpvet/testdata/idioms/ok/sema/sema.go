package sema

import (
	"context"
	"sync"
)

type Fetcher struct {
	sem chan struct{}
	mu  sync.Mutex
	got map[string]int
}

func NewFetcher(n int) *Fetcher {
	return &Fetcher{sem: make(chan struct{}, n), got: map[string]int{}}
}

func (f *Fetcher) Fetch(ctx context.Context, url string) error {
	select {
	case f.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-f.sem }()
	n := len(url)
	f.mu.Lock()
	f.got[url] = n
	f.mu.Unlock()
	return nil
}

func (f *Fetcher) FetchAll(ctx context.Context, urls []string) map[string]int {
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = f.Fetch(ctx, u)
		}()
	}
	wg.Wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string]int, len(f.got))
	for k, v := range f.got {
		out[k] = v
	}
	return out
}

// Bounded parallel with results per index.
func Bounded(items []string, limit int) []int {
	sem := make(chan struct{}, limit)
	out := make([]int, len(items))
	var wg sync.WaitGroup
	for i, it := range items {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = len(it)
		}()
	}
	wg.Wait()
	return out
}

// Semaphore used as a mutex (capacity 1) to guard a counter.
type Limiter struct {
	tok   chan struct{}
	count int
}

func NewLimiter() *Limiter {
	l := &Limiter{tok: make(chan struct{}, 1)}
	return l
}

func (l *Limiter) Inc() int {
	l.tok <- struct{}{}
	l.count++
	n := l.count
	<-l.tok
	return n
}
