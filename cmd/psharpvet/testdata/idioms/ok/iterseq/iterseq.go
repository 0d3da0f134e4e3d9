// Package iterseq fans the elements of an iterator out to goroutines.
package iterseq

import (
	"iter"
	"sync"
)

// Sum adds up f of every element, one goroutine per element, under a
// lock.
func Sum(seq iter.Seq[int], f func(int) int) int {
	total := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	for x := range seq {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := f(x)
			mu.Lock()
			total += v
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}
