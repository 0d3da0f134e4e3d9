package publishedflag // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins a lazy initialisation published by an atomic flag
// (publish.go): double-checked locking whose inner test, under the lock,
// is of the value, and whose writer stores the flag atomically after the
// write on every path. A read made after an atomic read of the flag is
// ordered after the write.

// Cache builds its table once; the fast path tests ready atomically.
type Cache struct {
	mu    sync.Mutex
	ready uint32
	table map[string]int
}

// Get is the idiom: quiet.
func (c *Cache) Get(k string) int {
	if atomic.LoadUint32(&c.ready) == 1 {
		return c.table[k]
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.table == nil {
		c.table = map[string]int{"a": 1}
		atomic.StoreUint32(&c.ready, 1)
	}
	return c.table[k]
}

// Peek reads the table without testing the flag: nothing orders it with
// Get's write. Reported.
func (c *Cache) Peek(k string) int {
	return c.table[k] // want `c.table is read in \(\*Cache\).Peek without a lock and written in \(\*Cache\).Get holding c.mu`
}

// Lazy publishes through an atomic.Bool's method, in a deferred call, and
// through a helper of the package: quiet.
type Lazy struct {
	mu    sync.Mutex
	done  atomic.Bool
	state atomic.Uint32
	val   []int
	other []int
}

func (l *Lazy) Values() []int {
	if l.done.Load() {
		return l.val
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.val == nil {
		defer l.done.Store(true)
		l.val = []int{1, 2}
	}
	return l.val
}

const hasOther = 1

func (l *Lazy) setState(m uint32)      { l.state.Or(m) }
func (l *Lazy) stateHas(m uint32) bool { return l.state.Load()&m != 0 }

func (l *Lazy) Other() []int {
	if l.stateHas(hasOther) {
		return l.other
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.other == nil {
		l.other = []int{3}
		l.setState(hasOther)
	}
	return l.other
}

// Setter writes and publishes on every call, with no guard: a second
// call writes while a reader that saw the flag reads. Reported.
type Setter struct {
	mu    sync.Mutex
	ready atomic.Bool
	conf  []string
}

func (s *Setter) Set(conf []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conf = conf
	s.ready.Store(true)
}

func (s *Setter) Conf() []string {
	if s.ready.Load() {
		return s.conf // want `s.conf is read in \(\*Setter\).Conf without a lock and written in \(\*Setter\).Set holding s.mu`
	}
	return nil
}

// Partial publishes only on one path (after the last of several parts):
// a part written on another path is not published. Reported.
type Partial struct {
	mu    sync.Mutex
	ready atomic.Bool
	parts []*int
	n     int
}

func (p *Partial) Part(i int) *int {
	if p.ready.Load() {
		return p.parts[i] // want `p.parts\[\*\] is read in \(\*Partial\).Part without a lock and written in another call of \(\*Partial\).Part holding p.mu`
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.parts[i] == nil {
		x := i
		p.parts[i] = &x
		p.n++
		if p.n == len(p.parts) {
			p.ready.Store(true)
		}
	}
	return p.parts[i]
}

// Table is built by a goroutine that stores ready after its writes; a
// goroutine runs once, so what it did before its store precedes what
// follows a read of ready (publishMark): quiet.
type Table struct {
	ready atomic.Bool
	data  map[string]int
}

func (t *Table) Build() {
	t.data = map[string]int{"a": 1}
	t.ready.Store(true)
}

func (t *Table) Lookup(k string) int {
	if !t.ready.Load() {
		return 0
	}
	return t.data[k]
}

func Serve(t *Table) int {
	go t.Build()
	return t.Lookup("a")
}

// Scavenger's goroutine reads its context, then signals done on its way
// out; Restart waits for the signal before it replaces the context: quiet.
type Scavenger struct {
	done atomic.Int32
	ctx  *int
}

func (s *Scavenger) loop() {
	defer s.done.Store(1)
	_ = *s.ctx // want `s.ctx is read in the goroutine started in NewScavenger \(line 169\) via \(\*Scavenger\).loop without a lock and written in \(\*Scavenger\).Leak without a lock`
}

func NewScavenger() *Scavenger {
	s := &Scavenger{ctx: new(int)}
	go s.loop()
	return s
}

func (s *Scavenger) Restart() {
	for s.done.Load() != 1 {
	}
	s.done.Store(0)
	s.ctx = new(int)
	go s.loop()
}

// Leak replaces the context without waiting: reported.
func (s *Scavenger) Leak() {
	s.ctx = nil
}
