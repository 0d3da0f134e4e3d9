package strict // want package:"lockset summaries"

// This package holds the lockset races only the strict reading reports:
// methods of a type that holds a mutex, racing with each other at a
// location no access ever locks. By default nothing shows that callers
// share such a value (it may be configured by its owner before use), so
// the default reading is quiet on the same code.

import "sync"

// File is Whoop's nvram_llseek: an entry point racing with itself.
type File struct {
	mu  sync.Mutex
	pos int64
}

func (f *File) Seek(off int64, whence int) int64 {
	switch whence {
	case 1:
		off += f.pos // want `f.pos is read in \(\*File\).Seek without a lock and written in another call of \(\*File\).Seek without a lock`
	}
	f.pos = off // want `f.pos is written in \(\*File\).Seek without a lock and read in another call of \(\*File\).Seek without a lock`
	return f.pos
}

// Options holds a mutex for its cache, but its setter never locks.
type Options struct {
	mu    sync.Mutex
	cache map[string]int
	limit int
}

func (o *Options) SetLimit(n int) {
	o.limit = n // want `o.limit is written in \(\*Options\).SetLimit without a lock and written in another call of \(\*Options\).SetLimit without a lock`
}

func (o *Options) Limit() int {
	return o.limit // want `o.limit is read in \(\*Options\).Limit without a lock and written in \(\*Options\).SetLimit without a lock`
}

// Cached is guarded, and reported in both readings only where it is not.
func (o *Options) Cached(k string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.cache[k]
}

var lastKey string

func (o *Options) Remember(k string) {
	lastKey = k // want `lastKey is written in \(\*Options\).Remember without a lock and written in another call of \(\*Options\).Remember without a lock`
}

// Cache locks for Put, but Size and Resize never do: by default two
// unsynchronised accesses in methods nothing declares concurrent are the
// owner's sequence of calls (Resize's write is still reported against
// Put's locked read, in lockset/ctor).
type Cache struct {
	mu    sync.Mutex
	items map[string]int
	size  int
}

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = v
}

func (c *Cache) Size() int {
	return c.size // want `c.size is read in \(\*Cache\).Size without a lock and written in \(\*Cache\).Resize without a lock`
}

func (c *Cache) Resize(n int) {
	c.size = n
}

// A Result is completed by its own goroutine, which closes done after
// writing; Wait reads after receiving from done. By default the close
// orders them; the strict reading does not use channel ordering across
// entry points (a send on the same channel could complete the receive).
type Result struct {
	done chan struct{}
	val  int
}

func StartResult() *Result {
	r := &Result{done: make(chan struct{})}
	go r.run()
	return r
}

func (r *Result) run() {
	r.val = 1 // want `r.val is written in the goroutine started in StartResult \(line \d+\) via \(\*Result\).run without a lock and read in \(\*Result\).Wait without a lock`
	close(r.done)
}

func (r *Result) Wait() int {
	<-r.done
	return r.val
}

// Two constructors each start a goroutine on the lister they allocate
// (quiet by default, lockset/rules/sameobject); the strict reading pairs
// their goroutines by type.
type Lister struct{ err error }

func ListA(fail func() error) *Lister {
	l := &Lister{}
	go func() { l.err = fail() }() // want `l.err is written in the goroutine started in ListA \(line \d+\) without a lock and written in the goroutine started in ListB \(line \d+\) without a lock`
	return l
}

func ListB(fail func() error) *Lister {
	l := &Lister{}
	go func() { l.err = fail() }()
	return l
}

var hits int

// Counter holds a mutex; Hit never locks.
type Counter struct{ mu sync.Mutex }

func (c *Counter) Hit() {
	hits++ // want `hits is read in \(\*Counter\).Hit without a lock and written in another call of \(\*Counter\).Hit without a lock`
}

// Reset joins its goroutine before returning: by default the goroutine is
// part of Reset's call, which nothing shows runs concurrently with Hit.
func Reset() {
	done := make(chan bool)
	go func() {
		hits = 0 // want `hits is written in the goroutine started in Reset \(line \d+\) without a lock and read in \(\*Counter\).Hit without a lock`
		done <- true
	}()
	<-done
}

// Table parses itself once under mu; Lookup reads what parse wrote after
// its own call of parse. The default reading orders the two (a lazy
// initialisation the reader went through); the strict one does not
// interpret the guard's test.
type Table struct {
	mu      sync.Mutex
	version int
	funcs   []int
}

func (t *Table) parse() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.version != 0 {
		return
	}
	t.funcs = []int{1}
	t.version = 1
}

func (t *Table) Lookup(i int) int {
	t.parse()
	return t.funcs[i] // want `t.funcs is read in \(\*Table\).Lookup without a lock and written in another call of \(\*Table\).Lookup via \(\*Table\).parse holding t.mu`
}

// A Watch's goroutine sends once on a channel made for it, which Wait
// receives through a field (quiet by default, lockset/rules/singlesend);
// the strict reading does not use a send as an ordering.
type Watch struct {
	result <-chan int
	err    error
}

func (w *Watch) Start() {
	resultc := make(chan int)
	w.result = resultc
	go w.watch(resultc)
}

func (w *Watch) watch(resultc chan<- int) {
	w.err = nil // want `w.err is written in the goroutine started in \(\*Watch\).Start \(line \d+\) via \(\*Watch\).watch without a lock and read in \(\*Watch\).Wait without a lock`
	resultc <- 1
}

func (w *Watch) Wait() error {
	if w.result != nil {
		<-w.result
	}
	return w.err
}

// A Session sets err once under errLock before closing done (quiet by
// default, lockset/rules/setonce); the strict reading orders the write
// with the read only by a close that follows it on every path.
type Session struct {
	mu       sync.Mutex
	shutdown bool
	errLock  sync.Mutex
	err      error
	done     chan struct{}
}

func NewSession() *Session {
	s := &Session{done: make(chan struct{})}
	go s.fail()
	return s
}

func (s *Session) fail() {
	s.errLock.Lock()
	if s.err == nil {
		s.err = errShutdown
	}
	s.errLock.Unlock()
	s.Close()
}

var errShutdown = &sessionError{}

type sessionError struct{}

func (*sessionError) Error() string { return "shutdown" }

func (s *Session) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return
	}
	s.shutdown = true
	s.errLock.Lock()
	if s.err == nil {
		s.err = errShutdown
	}
	s.errLock.Unlock()
	close(s.done)
}

func (s *Session) Accept() error {
	<-s.done
	return s.err // want `s.err is read in \(\*Session\).Accept without a lock and written in the goroutine started in NewSession \(line \d+\) via \(\*Session\).fail holding s.errLock`
}
