package robust // want package:"lockset summaries"

import (
	"iter"
	"sync"
	"unsafe"
)

// Constructs the pass must survive; races here are still reported.

type R struct {
	mu   sync.Mutex
	n    int
	p    unsafe.Pointer
	next *R
	fns  []func()
	ch   chan int
}

// noBody is implemented in assembly.
func noBody(x *int)

func (r *R) Asm() {
	r.mu.Lock()
	noBody(&r.n)
	r.mu.Unlock()
}

func (r *R) Recurse(d int) int {
	if d == 0 {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.n
	}
	return r.next.Recurse(d - 1)
}

func (r *R) Unsafe() {
	r.mu.Lock()
	r.p = unsafe.Pointer(&r.n)
	*(*int)(r.p) = 1
	r.mu.Unlock()
}

func (r *R) Select() {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case v := <-r.ch:
		r.n = v
	default:
	}
}

func (r *R) Closures() {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := func() { r.n++ }
	f()
	r.fns = append(r.fns, f)
	for _, g := range r.fns {
		g()
	}
}

func (r *R) DeferInLoop(xs []int) {
	for range xs {
		r.mu.Lock()
		defer r.mu.Unlock()
	}
}

func (r *R) Goto() {
	r.mu.Lock()
	i := 0
loop:
	if i < 3 {
		r.n += i
		i++
		goto loop
	}
	r.mu.Unlock()
}

func (r *R) Panics() {
	r.mu.Lock()
	defer func() {
		recover()
		r.mu.Unlock()
	}()
	r.n = 1
	panic("x")
}

func (r *R) Seq() iter.Seq[int] {
	return func(yield func(int) bool) {
		r.mu.Lock()
		defer r.mu.Unlock()
		for i := range r.n {
			if !yield(i) {
				return
			}
		}
	}
}

func (r *R) RangeFunc() {
	for i := range r.Seq() {
		_ = i
	}
}

func (r *R) MethodValue() func() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Recurse0
}

func (r *R) Recurse0() int { return r.Recurse(0) }

// Generic field access through a constraint with a core type.
type Num interface{ ~int | ~int64 }

type Box[T Num] struct {
	mu sync.Mutex
	v  T
}

func (b *Box[T]) Add(x T) {
	b.mu.Lock()
	b.v += x
	b.mu.Unlock()
}

func Sum[S ~[]E, E Num](s S) (t E) {
	for _, x := range s {
		t += x
	}
	return
}

func (b *Box[T]) Peek() T {
	return b.v // want `b.v is read in \(\*Box\).Peek without a lock and written in \(\*Box\).Add holding b.mu`
}

// A go statement on an interface method or a func value: not modelled.
type Runner interface{ Run() }

func Dyn(x Runner, f func()) {
	go x.Run()
	go f()
}

// Mutual recursion across entry points.
type M struct {
	mu sync.Mutex
	a  int
}

func (m *M) Even(n int) bool {
	if n == 0 {
		return true
	}
	return m.Odd(n - 1)
}

func (m *M) Odd(n int) bool {
	if n == 0 {
		return false
	}
	m.mu.Lock()
	m.a++
	m.mu.Unlock()
	return m.Even(n - 1)
}
