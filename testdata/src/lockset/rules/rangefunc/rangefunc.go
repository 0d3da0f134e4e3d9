// Package rangefunc pins that the body of a range-over-func loop, which
// the iterator calls once per element, is a loop: a goroutine it starts
// may start again while the last one runs, and the body's own variables
// are new in each call.
package rangefunc

import (
	"iter"
	"sync"
)

// Seq yields 0, …, n-1.
func Seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// Sum's goroutines add to one total without a lock.
func Sum(n int) int {
	total := 0
	var wg sync.WaitGroup
	for i := range Seq(n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			total += i // want `total is read in the goroutine started in the range-over-func loop in Sum \(line 29\) without a lock and written in another instance of goroutine started in the range-over-func loop in Sum \(line 29\) without a lock`
		}()
	}
	wg.Wait()
	return total
}

// SumLocked takes a lock: quiet.
func SumLocked(n int) int {
	total := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range Seq(n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}

// SumEach waits for each goroutine before the body returns: quiet.
func SumEach(n int) int {
	total := 0
	for i := range Seq(n) {
		done := make(chan bool)
		go func() {
			total += i
			done <- true
		}()
		<-done
	}
	return total
}

// Own gives each goroutine a variable of the body's own: quiet.
func Own(n int) {
	var wg sync.WaitGroup
	for i := range Seq(n) {
		x := i
		wg.Add(1)
		go func() {
			defer wg.Done()
			x *= 2
		}()
	}
	wg.Wait()
}
