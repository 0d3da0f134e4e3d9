// Package errgroup is a hand-written stub of golang.org/x/sync/errgroup
// with just the API the lockset tests use.
package errgroup

import "sync"

// A Group runs functions in goroutines and waits for them.
type Group struct {
	wg  sync.WaitGroup
	err error
}

// Go runs f in a new goroutine.
func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		_ = f()
	}()
}

// Wait blocks until all functions started by Go have returned.
func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
