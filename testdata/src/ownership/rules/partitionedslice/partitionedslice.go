// Package partitionedslice pins the rule that a go statement in a loop
// handing each goroutine the same slice is assumed to partition it by
// index, while the continuation's accesses before the join, and maps, are
// still reported.
package partitionedslice

func square(x int) int { return x * x }

// Squares fans out one goroutine per element, each writing its own
// result, and joins them through the done channel: quiet.
func Squares(in []int) []int {
	out := make([]int, len(in))
	done := make(chan bool)
	for i := range in {
		go func(i int) {
			out[i] = square(in[i])
			done <- true
		}(i)
	}
	for range in {
		<-done
	}
	return out
}

// Chunks hands each goroutine the same slice and a chunk index: quiet.
func Chunks(data []float64, workers int, done chan bool) {
	for w := 0; w < workers; w++ {
		go scale(data, w, workers, done)
	}
	for w := 0; w < workers; w++ {
		<-done
	}
}

func scale(data []float64, w, workers int, done chan bool) {
	for i := w; i < len(data); i += workers {
		data[i] *= 2
	}
	done <- true
}

// PeekEarly reads the slice while the goroutines still write it: the
// continuation before the join is reported.
func PeekEarly(in []int, done chan bool) int {
	out := make([]int, len(in))
	for i := range in {
		go func(i int) {
			out[i] = square(in[i])
			done <- true
		}(i)
	}
	first := out[0] // want `out is read after it was handed to the goroutine started at line \d+`
	for range in {
		<-done
	}
	return first
}

// CountWords hands every goroutine the same map: maps are not
// partitioned, so a race, which the lockset pass reports (counts[*]).
func CountWords(words []string, done chan bool) {
	counts := make(map[string]int)
	for _, w := range words {
		go func(w string) {
			counts[w]++
			done <- true
		}(w)
	}
	for range words {
		<-done
	}
}

// Options are read by every worker.
type Options struct {
	Scale int
	Seen  int
}

// Scaled fans out goroutines that read shared options and each write
// their own element: the written memory is the slice, so quiet.
func Scaled(in []int, opts *Options, done chan bool) []int {
	out := make([]int, len(in))
	for i := range in {
		go func(i int) {
			out[i] = in[i] * opts.Scale
			done <- true
		}(i)
	}
	for range in {
		<-done
	}
	return out
}

// Counted also counts in the shared options: a race, which the lockset
// pass reports (opts.Seen).
func Counted(in []int, opts *Options, done chan bool) []int {
	out := make([]int, len(in))
	for i := range in {
		go func(i int) {
			out[i] = in[i] * opts.Scale
			opts.Seen++
			done <- true
		}(i)
	}
	for range in {
		<-done
	}
	return out
}
