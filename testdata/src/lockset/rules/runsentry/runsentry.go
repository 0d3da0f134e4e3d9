package runsentry // want package:"lockset summaries"

import (
	"sync"
	"time"
)

// A goroutine whose job is to call an exported method of its type, on a
// type nothing declares shared, makes in that call the method's own
// accesses: an outside call of the method is compared with them as the
// method is with itself, which needs a synchronised access as evidence.
// What the goroutine does outside the call, and what other methods do,
// is compared as before.

// Metrics emits runtime statistics from its own goroutine; callers may
// emit them too.
type Metrics struct {
	lastNumGC uint32
	sent      int
	stop      chan struct{}
}

func New() *Metrics {
	m := &Metrics{stop: make(chan struct{})}
	go m.collect()
	return m
}

func (m *Metrics) collect() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			m.EmitRuntimeStats()
		case <-m.stop:
			return
		}
	}
}

// EmitRuntimeStats is the goroutine's job. Quiet: an outside call is a
// second call of the method.
func (m *Metrics) EmitRuntimeStats() {
	n := m.lastNumGC + 1
	m.lastNumGC = n
	m.sent++
}

// Guarded is Metrics, but its method takes the type's lock in its own
// body: it expects to run beside itself, and the field it leaves
// unlocked races.
type Guarded struct {
	mu    sync.Mutex
	last  uint32
	total int
	stop  chan struct{}
}

func NewGuarded() *Guarded {
	g := &Guarded{stop: make(chan struct{})}
	go g.collect()
	return g
}

func (g *Guarded) collect() {
	for {
		select {
		case <-time.After(time.Second):
			g.Emit()
		case <-g.stop:
			return
		}
	}
}

func (g *Guarded) Emit() {
	g.last++ // want `g.last is read in the goroutine started in NewGuarded \(line 62\) via \(\*Guarded\).Emit without a lock and written in \(\*Guarded\).Emit without a lock`
	g.mu.Lock()
	g.total += int(g.last)
	g.mu.Unlock()
}

// Resetter's other method writes what the goroutine's job reads: a
// different entry point, compared as before.
type Resetter struct {
	count int
	stop  chan struct{}
}

func NewResetter() *Resetter {
	r := &Resetter{stop: make(chan struct{})}
	go r.collect()
	return r
}

func (r *Resetter) collect() {
	for {
		select {
		case <-time.After(time.Second):
			r.Emit()
		case <-r.stop:
			return
		}
	}
}

func (r *Resetter) Emit() { r.count++ } // want `r.count is read in the goroutine started in NewResetter \(line 93\) via \(\*Resetter\).Emit without a lock and written in \(\*Resetter\).Reset without a lock`

func (r *Resetter) Reset() { r.count = 0 }

// Outside writes the field in the goroutine's own loop, outside its call
// of the method: compared as before.
type Outside struct {
	count int
	stop  chan struct{}
}

func NewOutside() *Outside {
	o := &Outside{stop: make(chan struct{})}
	go o.collect()
	return o
}

func (o *Outside) collect() {
	for {
		select {
		case <-time.After(time.Second):
			o.count = 0 // want `o.count is written in the goroutine started in NewOutside \(line 121\) via \(\*Outside\).collect without a lock and read in \(\*Outside\).Emit without a lock`
			o.Emit()
		case <-o.stop:
			return
		}
	}
}

func (o *Outside) Emit() { o.count++ }

// Owned's method is the goroutine's job and also called from the
// package's own Close: the owner calls it too, beside the goroutine. A
// race, reported on the method against the goroutine (without the rule's
// sole-caller condition, only Close would be).
type Owned struct {
	pending int
	stop    chan struct{}
}

func NewOwned() *Owned {
	o := &Owned{stop: make(chan struct{})}
	go o.collect()
	return o
}

func (o *Owned) collect() {
	for {
		select {
		case <-time.After(time.Second):
			o.Flush()
		case <-o.stop:
			return
		}
	}
}

func (o *Owned) Flush() { o.pending = 0 } // want `o.pending is written in the goroutine started in NewOwned \(line 150\) via \(\*Owned\).Flush without a lock and written in \(\*Owned\).Flush without a lock`

func (o *Owned) Close() {
	close(o.stop)
	o.Flush()
}
