// Package loopslots pins the rule that a counted loop which fills a slot
// of a slice and starts a goroutine that keeps to that slot (it is handed
// the iteration's index and indexes the slice with nothing else) does not
// use, in its later iterations, what it handed that goroutine: each later
// index names another slot (model.LaterSlot). Clearing the same slot after
// the go statement, a goroutine that also reads its neighbour's slot, and
// a loop that runs again are still reported.
package loopslots

import "sync"

type item struct{ n int }

// Captured fills each slot, then starts a goroutine on it that captures
// the per-iteration index: quiet.
func Captured(n int) []*item {
	xs := make([]*item, n)
	done := make(chan bool)
	for i := range xs {
		xs[i] = &item{}
		go func() {
			xs[i].n++
			done <- true
		}()
	}
	for range xs {
		<-done
	}
	return xs
}

// Counted is Captured with a three-clause loop over values: quiet.
func Counted(n int) []int {
	vs := make([]int, n)
	done := make(chan bool)
	for i := 0; i < n; i++ {
		vs[i] = i
		go func() {
			vs[i] *= 2
			done <- true
		}()
	}
	for i := 0; i < n; i++ {
		<-done
	}
	return vs
}

// Handed passes the index as an argument: quiet.
func Handed(n int) []int {
	vs := make([]int, n)
	done := make(chan bool)
	for i := 0; i < n; i++ {
		vs[i] = i
		go func(i int) {
			vs[i] *= 2
			done <- true
		}(i)
	}
	for i := 0; i < n; i++ {
		<-done
	}
	return vs
}

// Cleared clears the goroutine's own slot after starting it.
func Cleared(n int) []*item {
	xs := make([]*item, n)
	done := make(chan bool)
	for i := range xs {
		xs[i] = &item{}
		go func() {
			xs[i].n++
			done <- true
		}()
		xs[i] = nil // want `xs is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
	}
	for range xs {
		<-done
	}
	return xs
}

// Neighbour reads the slot of the next iteration, which the spawner
// fills after starting it.
func Neighbour(n int) []int {
	vs := make([]int, n+1)
	done := make(chan bool)
	for i := 0; i < n; i++ {
		vs[i] = i // want `vs is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
		go func() {
			vs[i] += vs[i+1]
			done <- true
		}()
	}
	for i := 0; i < n; i++ {
		<-done
	}
	return vs
}

// Rounds runs the loop twice: the second round refills the slots the
// first round's goroutines still use.
func Rounds(n int) []int {
	vs := make([]int, n)
	done := make(chan bool)
	for round := 0; round < 2; round++ {
		for i := 0; i < n; i++ {
			vs[i] = round // want `vs is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
			go func() {
				vs[i] *= 2
				done <- true
			}()
		}
	}
	for i := 0; i < 2*n; i++ {
		<-done
	}
	return vs
}

// Ranged ranges over an integer, whose loop tests its bound at the end of
// the body: quiet.
func Ranged(n int) []int {
	vs := make([]int, n)
	done := make(chan bool)
	for i := range n {
		vs[i] = i
		go func() {
			vs[i] *= 2
			done <- true
		}()
	}
	for range n {
		<-done
	}
	return vs
}

// Grouped starts each literal with WaitGroup.Go: quiet.
func Grouped(n int) []int {
	vs := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		vs[i] = i
		wg.Go(func() { vs[i] *= 2 })
	}
	wg.Wait()
	return vs
}

// RangedCleared clears the goroutine's own slot after starting it, in
// the same block as the go statement.
func RangedCleared(n int) []int {
	vs := make([]int, n)
	done := make(chan bool)
	for i := range n {
		vs[i] = i
		go func() {
			vs[i] *= 2
			done <- true
		}()
		vs[i] = 0 // want `vs is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
	}
	for range n {
		<-done
	}
	return vs
}
