// Package afterjoins holds what the strict reading proves from an exported
// struct whose pointers leave the package only as the results of an
// exported function that returns them after joining every goroutine its
// call started (fieldwrites' "escapes only after a join"): the caller may
// write what it got, but no code of the package runs on it any more. A
// function that may return before a join, a goroutine that starts another,
// or a package-level variable that keeps one leaves the type reported.
package afterjoins

import (
	"slices"
	"sync"
)

// Item's fields are exported; Collect hands items to its caller only after
// its worker is done.
type Item struct{ N int }

// collector is a worker that sends copies of the list of what it made.
type collector struct {
	items []*Item
	out   chan []*Item
}

func (c *collector) run(n int) {
	for i := range n {
		c.items = append(c.items, &Item{N: i})
	}
	c.out <- slices.Clone(c.items) // quiet: only the package writes an Item while it runs
	_ = c.items[0].N
}

// Collect runs a collector and returns its items once it has ended.
func Collect(n int) []*Item {
	c := &collector{out: make(chan []*Item, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run(n)
	}()
	<-done
	return <-c.out
}

// Grouped is as Item, gathered by workers a WaitGroup joins and by a
// server asked for its items with a request, boxed in an interface, that
// carries the reply channel.
type Grouped struct{ N int }

type grouper struct {
	items []*Grouped
	out   chan []*Grouped
}

type request struct{ reply chan []*Grouped }

func (g *grouper) serve(inbox chan any, n int) {
	for i := range n {
		g.items = append(g.items, &Grouped{N: i})
	}
	g.out <- slices.Clone(g.items) // quiet: as in collector.run
	_ = g.items[0].N
	for msg := range inbox {
		if req, ok := msg.(*request); ok {
			req.reply <- slices.Clone(g.items) // quiet: as above
			return
		}
	}
}

// Gather runs two workers, joined by a WaitGroup, and a server asked for
// its items by a request.
func Gather(n int) []*Grouped {
	var wg sync.WaitGroup
	var all []*Grouped
	var mu sync.Mutex
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			all = append(all, &Grouped{N: n})
			mu.Unlock()
		}()
	}
	wg.Wait()
	g := &grouper{out: make(chan []*Grouped, 1)}
	inbox := make(chan any)
	go g.serve(inbox, n)
	reply := make(chan []*Grouped)
	inbox <- &request{reply: reply}
	return append(all, <-reply...)
}

// Early is as Item, but EarlyCollect may return before its worker ended.
type Early struct{ N int }

type earlyCollector struct {
	items []*Early
	out   chan []*Early
}

func (c *earlyCollector) run(n int) {
	for i := range n {
		c.items = append(c.items, &Early{N: i})
	}
	c.out <- slices.Clone(c.items) // want `slices.Clone\(c.items\) is sent on c.out but stays reachable from c.items`
	_ = c.items[0].N               // want `c.items\[…\].N is read after slices.Clone\(c.items\), which shares memory with it, was sent on c.out`
}

// EarlyCollect returns nothing for a large n without waiting.
func EarlyCollect(n int) []*Early {
	c := &earlyCollector{out: make(chan []*Early, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run(n)
	}()
	if n > 100 {
		return nil
	}
	<-done
	return <-c.out
}

// Nested is as Item, but the worker starts a goroutine of its own, which
// the join does not wait for.
type Nested struct{ N int }

type nestedCollector struct {
	items []*Nested
	out   chan []*Nested
}

func (c *nestedCollector) run(n int) {
	for i := range n {
		c.items = append(c.items, &Nested{N: i})
	}
	c.out <- slices.Clone(c.items) // want `slices.Clone\(c.items\) is sent on c.out but stays reachable from c.items`
	go c.touch()                   // want `c is handed to another goroutine after slices.Clone\(c.items\), which shares memory with it, was sent on c.out`
}

func (c *nestedCollector) touch() { _ = c.items[0].N }

// NestedCollect joins the worker, not what it started.
func NestedCollect(n int) []*Nested {
	c := &nestedCollector{out: make(chan []*Nested, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run(n)
	}()
	<-done
	return <-c.out
}

// Kept is as Item, but a package-level variable keeps the last one made,
// which a later call's worker reads.
type Kept struct{ N int }

var lastKept *Kept

type keptCollector struct {
	items []*Kept
	out   chan []*Kept
}

func (c *keptCollector) run(n int) {
	for i := range n {
		c.items = append(c.items, &Kept{N: i})
	}
	if lastKept != nil {
		_ = lastKept.N
	}
	lastKept = c.items[0]
	c.out <- slices.Clone(c.items) // want `slices.Clone\(c.items\) is sent on c.out but stays reachable from c.items`
	_ = c.items[0].N               // want `c.items\[…\].N is read after slices.Clone\(c.items\), which shares memory with it, was sent on c.out`
}

// KeptCollect joins its worker, but lastKept outlives the call.
func KeptCollect(n int) []*Kept {
	c := &keptCollector{out: make(chan []*Kept, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.run(n)
	}()
	<-done
	return <-c.out
}

// Fanned is as Item, but FannedCollect starts its workers in a loop and
// receives once: it waits for one of them.
type Fanned struct{ N int }

type fannedCollector struct {
	items []*Fanned
	out   chan []*Fanned
}

func (c *fannedCollector) run(n int, done chan struct{}) {
	c.items = append(c.items, &Fanned{N: n})
	c.out <- slices.Clone(c.items) // want `slices.Clone\(c.items\) is sent on c.out but stays reachable from c.items`
	_ = c.items[0].N               // want `c.items\[…\].N is read after slices.Clone\(c.items\), which shares memory with it, was sent on c.out`
	done <- struct{}{}
}

// FannedCollect returns after the first worker is done.
func FannedCollect(n int) []*Fanned {
	done := make(chan struct{}, n)
	var all []*Fanned
	for i := range n {
		c := &fannedCollector{out: make(chan []*Fanned, 1)}
		go c.run(i, done)
		all = append(all, <-c.out...)
	}
	<-done
	return all
}

// Counted is as Item, but its worker adds itself to the WaitGroup that
// CountedCollect waits on, which may return before the worker ran.
type Counted struct{ N int }

type countedCollector struct {
	items []*Counted
	out   chan []*Counted
}

func (c *countedCollector) run(n int) {
	c.items = append(c.items, &Counted{N: n})
	c.out <- slices.Clone(c.items) // want `slices.Clone\(c.items\) is sent on c.out but stays reachable from c.items`
	_ = c.items[0].N               // want `c.items\[…\].N is read after slices.Clone\(c.items\), which shares memory with it, was sent on c.out`
}

// CountedCollect waits on a counter its worker adds itself to.
func CountedCollect(n int) []*Counted {
	var wg sync.WaitGroup
	c := &countedCollector{out: make(chan []*Counted, 1)}
	go func() {
		wg.Add(1)
		defer wg.Done()
		c.run(n)
	}()
	wg.Wait()
	select {
	case items := <-c.out:
		return items
	default:
		return nil
	}
}

// Directed is as Item, but its worker gets its done channel as a
// send-only parameter, a conversion of the channel DirectedCollect
// receives from.
type Directed struct{ N int }

type directedCollector struct {
	items []*Directed
	out   chan []*Directed
}

func (c *directedCollector) run(n int, done chan<- []*Directed) {
	c.items = append(c.items, &Directed{N: n})
	c.out <- slices.Clone(c.items) // quiet: only the package writes a Directed while it runs
	_ = c.items[0].N
	done <- slices.Clone(c.items) // quiet: as above
}

// DirectedCollect returns what its worker hands it as its last act.
func DirectedCollect(n int) []*Directed {
	c := &directedCollector{out: make(chan []*Directed, 1)}
	done := make(chan []*Directed, 1)
	go c.run(n, done)
	return <-done
}
