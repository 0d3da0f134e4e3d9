package loopinstances

import "sync/atomic"

// Workers that draw each element's index from an atomic counter work on
// elements no other worker draws: no two calls of Add return the same
// value.

type item struct{ done bool }

// Drain's workers each take the next index: quiet.
func Drain(items []item, workers int) {
	var next atomic.Int64
	for w := 0; w < workers; w++ {
		go func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(items) {
					return
				}
				items[i].done = true
			}
		}()
	}
}

// DrainOld does the same with the atomic functions: quiet.
func DrainOld(items []item, workers int) {
	var next int64
	for w := 0; w < workers; w++ {
		go func() {
			for {
				i := atomic.AddInt64(&next, 1) - 1
				if i >= int64(len(items)) {
					return
				}
				items[i].done = true
			}
		}()
	}
}

// Peek's workers read the counter without drawing from it: two of them
// may write the same element.
func Peek(items []item, workers int) {
	var next atomic.Int64
	for w := 0; w < workers; w++ {
		go func() {
			i := int(next.Load())
			items[i].done = true // want `items\[\*\].done is written in the goroutine started in Peek \(line \d+\) without a lock and written in another instance of goroutine started in Peek \(line \d+\) without a lock`
			next.Add(1)
		}()
	}
}
