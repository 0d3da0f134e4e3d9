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
