// Package semaphorewait pins the rule that acquiring a weighted semaphore
// in full waits for the goroutines that each hold a share of it.
package semaphorewait

import (
	"context"
	"fmt"

	"golang.org/x/sync/semaphore"
)

func steps(i int) int { return i * 3 }

// Collatz runs up to workers goroutines at a time and acquires the whole
// semaphore before it prints what they wrote: quiet.
func Collatz(ctx context.Context, workers int) {
	sem := semaphore.NewWeighted(int64(workers))
	out := make([]int, 32)
	for i := range out {
		if err := sem.Acquire(ctx, 1); err != nil {
			break
		}
		go func(i int) {
			defer sem.Release(1)
			out[i] = steps(i)
		}(i)
	}
	if err := sem.Acquire(ctx, int64(workers)); err != nil {
		return
	}
	fmt.Println(out)
}

// CollatzConst does the same with a constant capacity: quiet.
func CollatzConst(ctx context.Context) {
	sem := semaphore.NewWeighted(4)
	out := make([]int, 32)
	for i := range out {
		_ = sem.Acquire(ctx, 1)
		go func(i int) {
			defer sem.Release(1)
			out[i] = steps(i)
		}(i)
	}
	_ = sem.Acquire(ctx, 4)
	fmt.Println(out)
}

// CollatzPartial acquires one share only, which does not wait for the
// others: reported.
func CollatzPartial(ctx context.Context, workers int) {
	sem := semaphore.NewWeighted(int64(workers))
	out := make([]int, 32)
	for i := range out {
		_ = sem.Acquire(ctx, 1)
		go func(i int) {
			defer sem.Release(1)
			out[i] = steps(i)
		}(i)
	}
	_ = sem.Acquire(ctx, 1)
	fmt.Println(out) // want `out is passed to fmt.Println after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

// CollatzShared acquires in full a semaphore it did not make, whose
// capacity it does not know: reported.
func CollatzShared(ctx context.Context, sem *semaphore.Weighted, workers int) {
	out := make([]int, 32)
	for i := range out {
		_ = sem.Acquire(ctx, 1)
		go func(i int) {
			defer sem.Release(1)
			out[i] = steps(i)
		}(i)
	}
	_ = sem.Acquire(ctx, int64(workers))
	fmt.Println(out) // want `out is passed to fmt.Println after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}
