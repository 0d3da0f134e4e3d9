// Package iterseq fans the elements of an iterator out to goroutines.
package iterseq

import (
	"iter"
	"sync"
)

// Sum adds up f of every element, one goroutine per element, into one
// total without a lock.
func Sum(seq iter.Seq[int], f func(int) int) int {
	total := 0
	var wg sync.WaitGroup
	for x := range seq {
		wg.Add(1)
		go func() {
			defer wg.Done()
			total += f(x) // race:
		}()
	}
	wg.Wait()
	return total
}
