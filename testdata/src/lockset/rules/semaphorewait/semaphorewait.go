// Package semaphorewait pins the rule that acquiring a weighted semaphore
// in full waits for the goroutines that hold a share of it and release it
// when done.
package semaphorewait

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// Last starts a worker holding a share and reads what it wrote once it
// holds the whole semaphore: quiet.
func Last(ctx context.Context) int {
	sem := semaphore.NewWeighted(2)
	v := 0
	_ = sem.Acquire(ctx, 1)
	go func() {
		defer sem.Release(1)
		v = 1
	}()
	_ = sem.Acquire(ctx, 2)
	return v
}

// LastEarly takes one share only, which the worker need not have given
// back: reported.
func LastEarly(ctx context.Context) int {
	sem := semaphore.NewWeighted(2)
	v := 0
	_ = sem.Acquire(ctx, 1)
	go func() {
		defer sem.Release(1)
		v = 1 // want `v is written in the goroutine started in LastEarly \(line \d+\) without a lock and read in LastEarly after the go statement without a lock`
	}()
	_ = sem.Acquire(ctx, 1)
	return v
}
