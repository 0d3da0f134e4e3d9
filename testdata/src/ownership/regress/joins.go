package regress

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

type Buf struct {
	data []int
	n    int
}

// WaitGroupGo is race-free: wg.Wait() returns only after the function
// given to wg.Go has returned.
//
// Expected: no diagnostic.
// Before the fix: "b is read after it was passed to (*WaitGroup).Go (line N); the
// goroutine may be using it concurrently" at return b.n.
// A join must be on a group reachable from what was given; the wait group
// is the receiver of Go, not something the literal captures, so Wait is
// not taken as a join.
func WaitGroupGo() int {
	b := &Buf{}
	var wg sync.WaitGroup
	wg.Go(func() {
		b.n = 7
	})
	wg.Wait()
	return b.n
}

// Errgroup is race-free for the same reason with errgroup.Group.
//
// Expected: no diagnostic.
// Before the fix: "b is read after it was passed to (*Group).Go (line N); the
// goroutine may be using it concurrently" at return b.n.
func Errgroup() (int, error) {
	b := &Buf{}
	var g errgroup.Group
	g.Go(func() error {
		b.n = 3
		return nil
	})
	err := g.Wait()
	return b.n, err
}

// FanOutErrgroup is race-free: each function writes its own element and
// the results are read after Wait.
//
// Expected: no diagnostic.
// Before the fix: "results is read after it was passed to (*Group).Go (line N);
// the goroutine may be using it concurrently" at return results, after
// g.Wait(): as in Errgroup, Wait on the receiver of Go is not a join.
// Since 9e33f07 it also reports "(func() error literal) is passed to
// (*Group).Go after it was passed to (*Group).Go (line N)" at g.Go: the
// literal captures the per-iteration i, whose cell is the same abstract
// object on every iteration (see FanOutCaptured in fanout.go).
// (An earlier version of the analyzer reported condition 1 here instead:
// "(func() error literal) is passed to (*Group).Go but stays reachable
// from *".)
func FanOutErrgroup(inputs []int) ([]int, error) {
	results := make([]int, len(inputs))
	var g errgroup.Group
	for i := range inputs {
		g.Go(func() error {
			results[i] = inputs[i] + 1
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return results, nil
}
