package loopslots

// This package pins the rule that a counted loop which fills a
// slot of a slice and starts a goroutine that keeps to that slot (it is
// handed the iteration's index, and indexes the slice with nothing else)
// does not race with the slots of its later iterations: each later index
// is new. The slot of the same iteration after the go statement, a
// goroutine that also reads its neighbour's slot, and a loop that runs
// again are still reported.

import "sync"

type item struct{ n int }

// Captured fills each slot, then starts a goroutine on it that captures
// the per-iteration index: quiet.
func Captured(n int) []*item {
	xs := make([]*item, n)
	var wg sync.WaitGroup
	for i := range xs {
		xs[i] = &item{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[i].n++
		}()
	}
	wg.Wait()
	return xs
}

// Counted is Captured with a three-clause loop over values: quiet.
func Counted(n int) []int {
	vs := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		vs[i] = i
		wg.Add(1)
		go func() {
			defer wg.Done()
			vs[i] *= 2
		}()
	}
	wg.Wait()
	return vs
}

// Handed passes the index as an argument to a literal that captures
// the slice: quiet.
func Handed(n int) []*item {
	xs := make([]*item, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		xs[i] = &item{}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i < len(xs) {
				xs[i].n++
			}
		}(i)
	}
	wg.Wait()
	return xs
}

// Cleared clears the goroutine's own slot after starting it.
func Cleared(n int) []*item {
	xs := make([]*item, n)
	var wg sync.WaitGroup
	for i := range xs {
		xs[i] = &item{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[i].n++ // want `xs\[\*\] is read in the goroutine started in Cleared \(line \d+\) without a lock and written in Cleared after the go statement without a lock`
		}()
		xs[i] = nil
	}
	wg.Wait()
	return xs
}

// Neighbour reads the slot of the next iteration, which the spawner
// fills after starting it.
func Neighbour(n int) []int {
	vs := make([]int, n+1)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		vs[i] = i // want `vs\[\*\] is written in Neighbour after the go statement without a lock and read in the goroutine started in Neighbour \(line \d+\) without a lock`
		wg.Add(1)
		go func() {
			defer wg.Done()
			vs[i] += vs[i+1] // want `vs\[\*\] is read in the goroutine started in Neighbour \(line \d+\) without a lock and written in Neighbour after the go statement without a lock`
		}()
	}
	wg.Wait()
	return vs
}

// Rounds runs the loop twice: the second round refills the slots the
// first round's goroutines still use.
func Rounds(n int) []int {
	vs := make([]int, n)
	var wg sync.WaitGroup
	for round := 0; round < 2; round++ {
		for i := 0; i < n; i++ {
			vs[i] = round // want `vs\[\*\] is written in Rounds after the go statement without a lock and read in the goroutine started in Rounds \(line \d+\) without a lock`
			wg.Add(1)
			go func() {
				defer wg.Done()
				vs[i] *= 2
			}()
		}
	}
	wg.Wait()
	return vs
}

// Ranged ranges over an integer, whose loop tests its bound at the end of
// the body: quiet.
func Ranged(n int) []int {
	vs := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		vs[i] = i
		wg.Add(1)
		go func() {
			defer wg.Done()
			vs[i] *= 2
		}()
	}
	wg.Wait()
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
	var wg sync.WaitGroup
	for i := range n {
		vs[i] = i
		wg.Add(1)
		go func() {
			defer wg.Done()
			vs[i] *= 2 // want `vs\[\*\] is read in the goroutine started in RangedCleared \(line \d+\) without a lock and written in RangedCleared after the go statement without a lock`
		}()
		vs[i] = 0
	}
	wg.Wait()
	return vs
}
