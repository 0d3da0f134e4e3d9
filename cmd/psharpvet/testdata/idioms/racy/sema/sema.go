package sema

import (
	"context"
	"sync"
)

type Fetcher struct {
	sem chan struct{}
	got map[string]int
}

func NewFetcher(n int) *Fetcher {
	return &Fetcher{sem: make(chan struct{}, n), got: map[string]int{}}
}

// The semaphore limits concurrency to n>1, so it does not guard the map.
func (f *Fetcher) Fetch(ctx context.Context, url string) error {
	select {
	case f.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-f.sem }()
	f.got[url] = len(url) // race:
	return nil
}

func (f *Fetcher) FetchAll(ctx context.Context, urls []string) {
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = f.Fetch(ctx, u)
		}()
	}
	wg.Wait()
}

// Release before the write.
func Bounded(items []string, limit int) int {
	sem := make(chan struct{}, 1)
	total := 0
	var wg sync.WaitGroup
	for _, it := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			n := len(it)
			<-sem
			total += n // race:
		}()
	}
	wg.Wait()
	return total
}
