// Package countdown pins the rule that the last of the goroutines that
// count an atomic counter down to zero and then close a channel orders
// what each did before its decrement with what follows a receive from
// the channel.
package countdown

import (
	"sync"
	"sync/atomic"
)

func work(i int) int { return i * 2 }

// Sum's workers add to the total atomically, then count down; Sum reads
// the total after the channel is closed: quiet.
func Sum(n int) int32 {
	var total int32
	waited := int32(n)
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func(i int) {
			defer func() {
				if atomic.AddInt32(&waited, -1) == 0 {
					close(done)
				}
			}()
			atomic.AddInt32(&total, int32(work(i)))
		}(i)
	}
	<-done
	return total
}

// Total's workers add to the total under a lock, then count an
// atomic.Int64 down; Total reads the total unlocked once the channel is
// closed: quiet.
func Total(n int) int {
	var (
		mu      sync.Mutex
		pending atomic.Int64
	)
	pending.Store(int64(n))
	total := 0
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func(i int) {
			mu.Lock()
			total += work(i)
			mu.Unlock()
			if pending.Add(-1) == 0 {
				close(done)
			}
		}(i)
	}
	<-done
	return total
}

// LastAfter writes the result after its decrement: reported.
func LastAfter() int {
	var pending atomic.Int64
	pending.Store(1)
	result := 0
	done := make(chan struct{})
	go func() {
		if pending.Add(-1) == 0 {
			close(done)
		}
		result = work(1) // want `result is written in the goroutine started in LastAfter \(line \d+\) without a lock and read in LastAfter after the go statement without a lock`
	}()
	<-done
	return result
}

// LastOther counts down to a close of another channel than the one it
// waits for: reported.
func LastOther() int {
	var pending atomic.Int64
	pending.Store(1)
	result := 0
	done, other := make(chan struct{}), make(chan struct{})
	go func() {
		result = work(1) // want `result is written in the goroutine started in LastOther \(line \d+\) without a lock and read in LastOther after the go statement without a lock`
		if pending.Add(-1) == 0 {
			close(other)
		}
	}()
	go func() { close(done) }()
	<-done
	return result
}
