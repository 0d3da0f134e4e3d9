package lazyinit // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins the lazy initialisation under a lock: a write made
// holding a lock, on the branch a test of a guard (read under the same
// lock, and written by the same function) takes when the initialisation
// is not done, is ordered with a read that follows its entry point's own
// read of the guard under that lock, or atomically.

const unknown = 0

// Table parses itself on first use, under mu, as debug/gosym's LineTable.
type Table struct {
	mu      sync.Mutex
	version int
	funcs   []int
	hits    int
	names   []string
}

func (t *Table) parse() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.version != unknown {
		return
	}
	t.funcs = []int{1, 2, 3}
	t.version = 2
}

// Lookup reads funcs after its own parse: quiet.
func (t *Table) Lookup(i int) int {
	t.parse()
	return t.funcs[i]
}

// Version reads version after its own parse, but Reset writes it
// without a guard: reported.
func (t *Table) Version() int {
	t.parse()
	return t.version // want `t.version is read in \(\*Table\).Version without a lock and written in \(\*Table\).Reset holding t.mu`
}

// Funcs reads funcs without parsing first: nothing orders it with
// another call's parse. Reported.
func (t *Table) Funcs() []int {
	return t.funcs // want `t.funcs is read in \(\*Table\).Funcs without a lock and written in \(\*Table\).Lookup via \(\*Table\).parse holding t.mu`
}

// Reset writes version under the lock but without a guard.
func (t *Table) Reset() {
	t.mu.Lock()
	t.version = unknown
	t.mu.Unlock()
}

// Count increments hits after the test, on every path: not an
// initialisation, so the read after the unlock races with another
// Count's increment. Reported.
func (t *Table) Count() int {
	t.mu.Lock()
	if t.names == nil {
		t.names = []string{}
	}
	t.hits++
	t.mu.Unlock()
	return t.hits // want `t.hits is read in \(\*Table\).Count without a lock and written in another call of \(\*Table\).Count holding t.mu`
}

// Reader keeps a condition variable made on first use under mu, as
// net/http's connReader.
type Reader struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

func (r *Reader) lock() {
	r.mu.Lock()
	if r.cond == nil {
		r.cond = sync.NewCond(&r.mu)
	}
}

func (r *Reader) unlock() { r.mu.Unlock() }

// Wake reads cond after its own lock(): quiet.
func (r *Reader) Wake() {
	r.lock()
	r.n++
	r.unlock()
	r.cond.Broadcast()
}

// Stop reads cond without going through lock(): reported.
func (r *Reader) Stop() {
	r.cond.Signal() // want `r.cond is read in \(\*Reader\).Stop without a lock and written in \(\*Reader\).Wake via \(\*Reader\).lock holding r.mu`
}

// Named resolves itself once; the fast path reads the state atomically,
// as go/types' Named.
type Named struct {
	mu      sync.Mutex
	state   uint32
	methods []string
}

func (n *Named) resolved() bool { return atomic.LoadUint32(&n.state) == 1 }

func (n *Named) resolve() {
	if n.resolved() {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.resolved() {
		return
	}
	n.methods = []string{"String"}
	atomic.StoreUint32(&n.state, 1)
}

// Method reads methods after resolve: quiet.
func (n *Named) Method(i int) string {
	n.resolve()
	return n.methods[i]
}

// NumMethods too: quiet.
func (n *Named) NumMethods() int {
	n.resolve()
	return len(n.methods)
}

// Stale re-tests after dropping the lock: the write is no longer guarded
// by the read that preceded the unlock, so a second initialiser may
// write while a reader reads. Reported.
type Stale struct {
	mu  sync.Mutex
	buf []byte
}

func (s *Stale) fill() {
	s.mu.Lock()
	empty := s.buf == nil
	s.mu.Unlock()
	if empty {
		b := make([]byte, 8)
		s.mu.Lock()
		s.buf = b
		s.mu.Unlock()
	}
}

func (s *Stale) Bytes() []byte {
	s.fill()
	return s.buf // want `s.buf is read in \(\*Stale\).Bytes without a lock and written in another call of \(\*Stale\).Bytes via \(\*Stale\).fill holding s.mu`
}

// Server makes its lame-duck channel once, with the flag it tests, under
// mu; Accept sends on it only after a getter read the flag under mu.
type Server struct {
	mu    sync.RWMutex
	ldm   bool
	ldmCh chan bool
}

func (s *Server) LameDuck() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ldm {
		return
	}
	s.ldm = true
	s.ldmCh = make(chan bool, 1)
}

func (s *Server) isLameDuck() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.ldm
}

// Accept reads ldmCh after the getter: quiet.
func (s *Server) Accept() {
	if s.isLameDuck() {
		s.ldmCh <- true
	}
}

// Kick does not look at the flag first: reported.
func (s *Server) Kick() {
	s.ldmCh <- true // want `s.ldmCh is read in \(\*Server\).Kick without a lock and written in \(\*Server\).LameDuck holding s.mu`
}

// Fetcher starts its work under mu unless it is closed; Close sets the
// flag under mu, then reads what start wrote: a start either came first
// or sees the flag and writes nothing.
type Fetcher struct {
	mu     sync.Mutex
	closed bool
	cancel func()
	err    error
}

func (f *Fetcher) start() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	f.cancel = func() {}
}

func (f *Fetcher) Seek() { f.start() }

// Close reads cancel after setting the flag: quiet.
func (f *Fetcher) Close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	if f.cancel != nil {
		f.cancel()
	}
	if f.err != nil { // want `f.err is read in \(\*Fetcher\).Close without a lock and written in \(\*Fetcher\).Fail holding f.mu`
		println("failed")
	}
}

// Fail writes err only once closed: after Close's setting of the flag,
// not before it. Reported (at Close's read).
func (f *Fetcher) Fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		return
	}
	f.err = err
}

// Pool's reset tests the current value, but both branches go on to the
// write (which only an error skips): the test does not decide it, so the
// write is not an initialisation, and a read after reset races with
// another reset's write. Reported.
type Pool struct {
	mu  sync.Mutex
	cur *int
}

func (p *Pool) reset(fail bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil {
		println("dropping", *p.cur)
	}
	if fail {
		return false
	}
	n := 1
	p.cur = &n
	return true
}

func (p *Pool) Reset(fail bool) bool { return p.reset(fail) }

func (p *Pool) Current(fail bool) int {
	if !p.reset(fail) {
		return 0
	}
	return *p.cur // want `p.cur is read in \(\*Pool\).Current without a lock and written in .* holding p.mu`
}
