package chanlock

import "sync"

// A local channel of capacity 1 that the goroutines of a loop capture and
// use as a lock, each taking the token and giving it back, is a lock too
// (concur's tokenVars).

// Summed adds under the token: quiet.
func Summed(xs []int) int {
	sem := make(chan struct{}, 1)
	total := 0
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			total += x
			<-sem
		}()
	}
	wg.Wait()
	return total
}

// Selected takes the token in a select that may give up on a stop
// channel: quiet.
func Selected(xs []int, stop chan struct{}) int {
	sem := make(chan struct{}, 1)
	total := 0
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-stop:
				return
			}
			total += x
			<-sem
		}()
	}
	wg.Wait()
	return total
}

// Pair allows two holders at once: no lock.
func Pair(xs []int) int {
	sem := make(chan struct{}, 2)
	total := 0
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			total += x // want `total is read in the goroutine started in Pair \(line \d+\) without a lock and written in another instance of goroutine started in Pair \(line \d+\) without a lock`
			<-sem
		}()
	}
	wg.Wait()
	return total
}

// Late reads the total after giving the token back.
func Late(xs []int) int {
	sem := make(chan struct{}, 1)
	total, last := 0, 0
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			total += x
			<-sem
			last = total // want `last is written in the goroutine started in Late \(line \d+\) without a lock and written in another instance of goroutine started in Late \(line \d+\) without a lock` `total is read in another instance of goroutine started in Late \(line \d+\) without a lock and written in another call of the goroutine started in Late \(line \d+\) holding sem`
		}()
	}
	wg.Wait()
	return last + total
}
