// Package wrappers checks spawn wrappers (a WaitGroup of one's own, as
// sourcegraph/conc has): the wrapper's Go gives up what its function
// captures, and the wrapper's Wait, which waits on the group, joins it.
package wrappers

import "sync"

type Group struct{ wg sync.WaitGroup }

func (g *Group) Go(f func()) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		f()
	}()
}

func (g *Group) Wait() { g.wg.Wait() }

// ForEach runs f on every element and waits: nothing is given up.
func ForEach(xs []int, f func(*int)) {
	var g Group
	for i := range xs {
		g.Go(func() { f(&xs[i]) })
	}
	g.Wait()
}

// Double reads xs after ForEach returned: quiet.
func Double(xs []int) int {
	ForEach(xs, func(p *int) { *p *= 2 })
	return xs[0]
}

// Joined reads what the goroutine wrote after the wrapper's Wait: quiet.
func Joined(xs []int) int {
	var g Group
	g.Go(func() { xs[0] = 1 })
	g.Wait()
	return xs[0]
}

// Early reads it before waiting: reported.
func Early(xs []int) int {
	var g Group
	g.Go(func() { xs[0] = 1 })
	n := xs[0] // want `xs is read after it was given up by \(\*wrappers.Group\).Go`
	g.Wait()
	return n
}
