package goroutines

import (
	"errors"
	"sync"
	"time"
)

// A select that may take its timeout case does not wait for the
// goroutine on every path: a race.
func selectTimeout() int {
	n := 0
	done := make(chan struct{})
	go func() {
		n = 1 // want `n is written in the goroutine started in selectTimeout \(line \d+\) without a lock and read in selectTimeout after the go statement without a lock`
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
	return n
}

// A select every case of which receives from a channel of the goroutine
// waits for it: quiet.
func selectDone(fail bool) int {
	n := 0
	done, failed := make(chan struct{}), make(chan error)
	go func() {
		if fail {
			failed <- errors.New("failed")
			return
		}
		n = 1
		close(done)
	}()
	select {
	case <-done:
	case <-failed:
	}
	return n
}

// Waiting on a WaitGroup the goroutine does not know of is not a join: a
// race.
func unrelatedWait() int {
	var wg, other sync.WaitGroup
	n := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		n = 1 // want `n is written in the goroutine started in unrelatedWait \(line \d+\) without a lock and read in unrelatedWait after the go statement without a lock`
	}()
	other.Wait()
	return n
}

// Group's goroutine is joined through a WaitGroup reached from the
// receiver it was started on: quiet.
type Group struct {
	wg sync.WaitGroup
	n  int
}

func (g *Group) run() {
	defer g.wg.Done()
	g.n++
}

func (g *Group) Run() int {
	g.wg.Add(1)
	go g.run()
	g.wg.Wait()
	return g.n
}
