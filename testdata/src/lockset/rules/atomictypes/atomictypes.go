package atomictypes // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins the rule that a type whose fields the package
// accesses through sync/atomic expects concurrent calls of its methods, as
// a type holding a lock does (atomictypes.go).

// Flag stores atomically and loads plainly: reported.
type Flag struct{ v int32 }

func (f *Flag) Set()        { atomic.StoreInt32(&f.v, 1) }
func (f *Flag) IsSet() bool { return f.v == 1 } // want `f.v is read in \(\*Flag\).IsSet without a lock and written atomically in \(\*Flag\).Set without a lock`

// Gauge has a field of an atomic type beside a plain one that one method
// writes with an atomic function and another reads plainly: reported.
type Gauge struct {
	hits atomic.Int64
	last int64
}

func (g *Gauge) Observe(v int64) {
	g.hits.Add(1)
	atomic.StoreInt64(&g.last, v)
}

func (g *Gauge) Last() int64 { return g.last } // want `g.last is read in \(\*Gauge\).Last without a lock and written atomically in \(\*Gauge\).Observe without a lock`

// Counter only ever uses atomics: quiet.
type Counter struct{ n int64 }

func (c *Counter) Inc()        { atomic.AddInt64(&c.n, 1) }
func (c *Counter) Load() int64 { return atomic.LoadInt64(&c.n) }

// NewCounter writes the field plainly before anyone else has the counter:
// quiet.
func NewCounter(n int64) *Counter {
	c := &Counter{}
	c.n = n
	return c
}

// Plain uses no atomics and no lock: nothing says its methods run
// concurrently. Quiet.
type Plain struct{ v int32 }

func (p *Plain) Set()        { p.v = 1 }
func (p *Plain) IsSet() bool { return p.v == 1 }

// Buffer loads its offset atomically for callers that ask its length, and
// writes it plainly in a method documented for one owner: an atomic load
// alone is no evidence that writers run concurrently. Quiet.
type Buffer struct{ off uint64 }

func (b *Buffer) Len() int { return int(atomic.LoadUint64(&b.off)) }

// Allocate is not safe for concurrent use.
func (b *Buffer) Allocate(n int) { b.off += uint64(n) }

// Iter's Stop sets an atomic flag that Next loads: Stop runs beside Next,
// not two calls of Next, which read the cursor unlocked where another
// call would write it under the consumer's lock. Quiet.
type Iter struct {
	closed atomic.Uint32
	c      *consumer
}

type consumer struct {
	mu  sync.Mutex
	seq int
}

func (it *Iter) Next() int {
	if it.closed.Load() == 1 {
		return -1
	}
	if it.c.seq > 10 {
		it.c.mu.Lock()
		it.c.seq = 0
		it.c.mu.Unlock()
	}
	return it.c.seq
}

func (it *Iter) Stop() { it.closed.Store(1) }

// Hits adds atomically itself, so it runs beside another call of itself:
// its plain read of what the other call adds is reported.
type Hits struct{ n int64 }

func (h *Hits) Hit() bool {
	atomic.AddInt64(&h.n, 1)
	return h.n > 100 // want `h.n is read in \(\*Hits\).Hit without a lock and written atomically in another call of \(\*Hits\).Hit without a lock`
}
