package wgcount // want package:"lockset summaries"

import "sync"

// This package pins what a WaitGroup's Wait orders (waitgroup.go): what
// the goroutine did before its own Done, if the spawner counted it.

// DoneFirst says it is done before it writes: Wait orders nothing.
func DoneFirst(g func() int) int {
	var b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Done()
		b = g() // want `b is written in the goroutine started in DoneFirst \(line 13\) without a lock and read in DoneFirst after the go statement without a lock`
	}()
	wg.Wait()
	return b
}

// DoneLast writes, then says it is done: quiet.
func DoneLast(g func() int) int {
	var b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		b = g()
		wg.Done()
	}()
	wg.Wait()
	return b
}

// Deferred is done at its return: quiet.
func Deferred(g func() int) int {
	var b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b = g()
	}()
	wg.Wait()
	return b
}

// EarlyDone is done early only on the path that returns at once: quiet.
func EarlyDone(ok bool, g func() int) int {
	var b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		if !ok {
			wg.Done()
			return
		}
		b = g()
		wg.Done()
	}()
	wg.Wait()
	return b
}

// PerItem is done once per job; the last Done follows every write, and
// the wait counts them all: quiet.
func PerItem(jobs []int) []int {
	out := make([]int, len(jobs))
	ch := make(chan int)
	var wg sync.WaitGroup
	wg.Add(len(jobs))
	go func() {
		for i := range ch {
			out[i] = jobs[i] * 2
			wg.Done()
		}
	}()
	for i := range jobs {
		ch <- i
	}
	wg.Wait()
	close(ch)
	return out
}

// AddBefore counts each goroutine before it starts: quiet.
func AddBefore(items []string) int {
	out := make([]int, len(items))
	var wg sync.WaitGroup
	for i, s := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = len(s)
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range out {
		total += n
	}
	return total
}

// Nested adds for its own goroutine while the spawner's count holds it
// open: quiet.
func Nested(g func() int) (int, int) {
	var a, b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		wg.Add(1)
		go func() {
			defer wg.Done()
			b = g()
		}()
		a = g()
	}()
	wg.Wait()
	return a, b
}
