package chunks

import "sync"

// Static partitioning: each goroutine owns a contiguous range of out.
func Square(xs []float64, workers int) []float64 {
	out := make([]float64, len(xs))
	chunk := (len(xs) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(xs); lo += chunk {
		hi := min(lo+chunk, len(xs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				out[i] = xs[i] * xs[i]
			}
		}()
	}
	wg.Wait()
	return out
}

// Same with subslices handed to each goroutine.
func Scale(xs []float64, k float64, workers int) {
	chunk := (len(xs) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(xs); lo += chunk {
		part := xs[lo:min(lo+chunk, len(xs))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range part {
				part[i] *= k
			}
		}()
	}
	wg.Wait()
}
