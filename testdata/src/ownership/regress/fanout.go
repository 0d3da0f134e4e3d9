package regress

import "sync"

// FanOutCaptured is race-free: each goroutine writes its own element of
// results (the partition exemption for slices) and results is read after
// Wait. The literal captures the per-iteration loop variables i and in.
//
// Expected: no diagnostic.
// Before the fix: "results is handed to another goroutine after it was handed to
// the goroutine started at line N; the goroutine may be using it
// concurrently" at the go statement (since 9e33f07, which made a closure
// fresh only if all its captures are). The closure is not fresh because it
// captures results; the captured cells of i and in are allocated anew on
// each iteration but are the same abstract objects as the ones handed to
// the previous goroutine, so the access is not "only elements" and the
// partition exemption does not apply. FanOut in goroutines/ passes i and
// in as arguments instead and is quiet.
func FanOutCaptured(inputs []int) int {
	results := make([]int, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = in * in
		}()
	}
	wg.Wait()
	sum := 0
	for _, r := range results {
		sum += r
	}
	return sum
}

// FanOutCapturedEarlyRead is racy, but only at the read of results[0].
//
// Expected: "results is read after it was handed to the goroutine started
// at line N; the goroutine may be using it concurrently" at results[0]
// only.
// Before the fix: that diagnostic, plus the same false report at the go statement
// as FanOutCaptured.
func FanOutCapturedEarlyRead(inputs []int) int {
	results := make([]int, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = in * in
		}()
	}
	first := results[0] // want `results is read after it was handed to the goroutine started at line 49`
	wg.Wait()
	return first
}
