// Package machinestart pins the rule that, by default, a later transfer
// that only starts goroutines (a go statement, or a helper that hands its
// function parameter to one) or that sends other memory shares what an
// earlier goroutine was given only through the places its callees touch:
// machines started one after another, each holding pointers to the others
// as addresses, touch their own fields and their peers' channels. A
// machine whose loop writes a field of the peer it points to is still
// reported, and so is a send of memory the earlier goroutine writes.
package machinestart

import "sync"

// counter writes more of its fields than a heap analysis keeps apart in
// one set (taint's maxKeysPerObject): the places of a call keep them apart.
type counter struct {
	inbox          chan int
	peer           *relay
	total          int
	evens, odds    int
	last, previous int
}

type relay struct {
	inbox chan int
	dest  *counter
	seen  int
}

func (c *counter) run() {
	for v := range c.inbox {
		c.total += v
		if v%2 == 0 {
			c.evens++
		} else {
			c.odds++
		}
		c.previous, c.last = c.last, v
	}
}

// run forwards to its destination's channel: it reads dest.inbox only.
func (r *relay) run() {
	for v := range r.inbox {
		r.seen++
		r.dest.inbox <- v
	}
}

func (r *relay) send(v int) { r.inbox <- v }

// meddler writes the counter it points to.
type meddler struct {
	inbox chan int
	dest  *counter
}

func (m *meddler) run() {
	for v := range m.inbox {
		m.dest.total += v
	}
}

type batch struct{ items []int }

// Direct starts two machines that point at each other with go
// statements, then talks to one through its channel: quiet.
func Direct() {
	c := &counter{inbox: make(chan int)}
	r := &relay{inbox: make(chan int), dest: c}
	c.peer = r
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.run() }()
	go func() { defer wg.Done(); r.run() }()
	r.send(1)
	wg.Wait()
}

// Helper starts them through a helper that runs a func value on a new
// goroutine: quiet.
func Helper() {
	c := &counter{inbox: make(chan int)}
	r := &relay{inbox: make(chan int), dest: c}
	c.peer = r
	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	start(c.run)
	start(r.run)
	r.send(1)
	wg.Wait()
}

// Meddling starts a machine that writes its peer's counter: reported.
func Meddling() {
	c := &counter{inbox: make(chan int)}
	m := &meddler{inbox: make(chan int), dest: c}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.run() }()
	go func() { defer wg.Done(); m.run() }() // want `c is handed to another goroutine after it was handed to the goroutine started at line \d+`
	wg.Wait()
}

// MeddlingHelper does the same through the helper: reported.
func MeddlingHelper() {
	c := &counter{inbox: make(chan int)}
	m := &meddler{inbox: make(chan int), dest: c}
	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	start(c.run)
	start(m.run) // want `c is passed to a function literal after it was given up by the func literal`
	wg.Wait()
}

func fill(b *batch) {
	for i := range b.items {
		b.items[i]++
	}
}

func (r *relay) forward(b *batch) { r.inbox <- len(b.items) }

func post(ch chan *batch, b *batch) { ch <- b }

// Resent sends the batch a goroutine fills to another receiver: it
// shares the batch itself, so reported.
func Resent(ch chan *batch) {
	b := &batch{items: make([]int, 4)}
	go fill(b)
	post(ch, b) // want `b is passed to machinestart.post after it was handed to the goroutine started at line \d+`
}
