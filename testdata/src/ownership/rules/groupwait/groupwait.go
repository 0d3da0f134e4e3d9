// Package groupwait pins the rule that g.Wait() joins what was passed to
// g.Go on the same group, whether or not the function reaches g.
package groupwait

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

type Totals struct {
	sum   int
	count int
}

// SumAll adds in a goroutine of a WaitGroup and reads after Wait: quiet.
func SumAll(xs []int) int {
	t := &Totals{}
	var wg sync.WaitGroup
	wg.Go(func() {
		for _, x := range xs {
			t.sum += x
		}
	})
	wg.Wait()
	return t.sum
}

// CountAll does the same with an errgroup: quiet.
func CountAll(xs []int) (int, error) {
	t := &Totals{}
	var g errgroup.Group
	g.Go(func() error {
		t.count = len(xs)
		return nil
	})
	err := g.Wait()
	return t.count, err
}

// SumEarly reads before waiting: reported.
func SumEarly(xs []int) int {
	t := &Totals{}
	var wg sync.WaitGroup
	wg.Go(func() {
		t.sum = len(xs)
	})
	n := t.sum // want `t is read after it was passed to \(\*sync.WaitGroup\).Go \(line \d+\); the goroutine may be using it concurrently`
	wg.Wait()
	return n
}

// SumOtherGroup waits on a different group: reported.
func SumOtherGroup(xs []int, other *sync.WaitGroup) int {
	t := &Totals{}
	var wg sync.WaitGroup
	wg.Go(func() {
		t.sum = len(xs)
	})
	other.Wait()
	return t.sum // want `t is read after it was passed to \(\*sync.WaitGroup\).Go \(line \d+\); the goroutine may be using it concurrently`
}

// SelfCounted's goroutines call wg.Add themselves, so wg.Wait may return
// before they have: it joins none of them, and the range reads out while
// they may still write it. Reported.
func SelfCounted(xs []int) int {
	out := make([]int, len(xs))
	var wg sync.WaitGroup
	for i, x := range xs {
		go func() {
			wg.Add(1)
			defer wg.Done()
			out[i] = x * x
		}()
	}
	wg.Wait()
	t := 0
	for _, v := range out { // want `out is read after it was handed to the goroutine started at line \d+`
		t += v
	}
	return t
}

// Counted adds before each go statement: Wait joins them. Quiet.
func Counted(xs []int) int {
	out := make([]int, len(xs))
	var wg sync.WaitGroup
	for i, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = x * x
		}()
	}
	wg.Wait()
	t := 0
	for _, v := range out {
		t += v
	}
	return t
}
