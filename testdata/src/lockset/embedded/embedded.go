package embedded // want package:"lockset summaries"

import "sync"

// Embedded mutex: c.Lock() locks c.Mutex.
type Embedded struct {
	sync.Mutex
	n int
}

func (e *Embedded) Inc() {
	e.Lock()
	e.n++
	e.Unlock()
}

func (e *Embedded) Get() int {
	e.Lock()
	defer e.Unlock()
	return e.n
}

func (e *Embedded) Racy() int {
	return e.n // want `e.n is read in \(\*Embedded\).Racy without a lock and written in \(\*Embedded\).Inc holding e.Mutex`
}

// Nested: the mutex lives in a field struct.
type inner struct {
	mu    sync.Mutex
	count int
}

type Outer struct {
	in   inner
	tags []string
}

func (o *Outer) Add(t string) {
	o.in.mu.Lock()
	o.tags = append(o.tags, t)
	o.in.count++
	o.in.mu.Unlock()
}

func (o *Outer) First() string {
	o.in.mu.Lock()
	defer o.in.mu.Unlock()
	return o.tags[0]
}

func (o *Outer) Last() string {
	return o.tags[len(o.tags)-1] // want `o.tags is read in \(\*Outer\).Last without a lock and written in \(\*Outer\).Add holding o.in.mu`
}

// Pointer to a mutex, and a mutex behind a pointer field.
type Shared struct {
	mu  *sync.Mutex
	val int
}

func (s *Shared) Set(v int) {
	s.mu.Lock()
	s.val = v
	s.mu.Unlock()
}

func (s *Shared) Val() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.val
}

// sealed is reached through an exported interface with an unexported
// method, so its unexported method is an entry point too.
type Sealed interface{ touch() }

type impl struct {
	mu sync.Mutex
	t  int
}

func (i *impl) touch() {
	i.t++ // quiet by default: t is never locked (lockset/strict reports it)
}

// value receivers copy: quiet.
type Value struct {
	mu sync.Mutex
	n  int
}

func (v *Value) Snapshot() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.n
}

func (v *Value) Reset() {
	v.mu.Lock()
	*v = Value{}
	v.mu.Unlock()
}
