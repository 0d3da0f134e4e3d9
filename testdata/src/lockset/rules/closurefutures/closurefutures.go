package closurefutures // want package:"lockset summaries"

import (
	"context"
	"sync"
)

// This package pins the types a goroutine started as a function literal
// shares with it (awaitedClosures): the literal writes an object its
// spawner allocated and published, may outlive the spawner, and closes a
// channel field of the object that a method of the type waits on; the
// type's methods then race with it, as they do with a method started
// with go, where no ordering covers the pair.

type Fetch struct {
	Err  error
	done chan struct{}
}

func Start(f func() error) *Fetch {
	ft := &Fetch{done: make(chan struct{})}
	go func() {
		defer close(ft.done)
		ft.Err = f() // want `ft.Err is written in the goroutine started in Start \(line 22\) without a lock and read in \(\*Fetch\).Failed without a lock`
	}()
	return ft
}

// Wait reads after the goroutine's close: quiet.
func (ft *Fetch) Wait() error {
	<-ft.done
	return ft.Err
}

// Failed reads without waiting: reported.
func (ft *Fetch) Failed() bool { return ft.Err != nil }

// Loader closes its channel before it writes the result, so Err's wait
// orders nothing: reported.
type Loader struct {
	ready chan struct{}
	err   error
}

func Load(validate func() error) *Loader {
	l := &Loader{ready: make(chan struct{})}
	go func() {
		close(l.ready)
		l.err = validate() // want `l.err is written in the goroutine started in Load \(line 47\) without a lock and read in \(\*Loader\).Err without a lock`
	}()
	return l
}

func (l *Loader) Err() error {
	<-l.ready
	return l.err
}

// Server reads its flag before it waits: reported.
type Server struct {
	started chan struct{}
	ready   bool
}

func Serve() *Server {
	s := &Server{started: make(chan struct{})}
	go func() {
		s.ready = true // want `s.ready is written in the goroutine started in Serve \(line 67\) without a lock and read in \(\*Server\).Wait without a lock`
		close(s.started)
	}()
	return s
}

func (s *Server) Wait() {
	if !s.ready {
		<-s.started
	}
}

// Result sends its value; Get waits in a select that also watches the
// context, and Peek polls with a default case.
type Result[T any] struct {
	val  T
	done chan struct{}
}

func Go[T any](f func() T) *Result[T] {
	r := &Result[T]{done: make(chan struct{})}
	go func() {
		r.val = f() // want `r.val is written in the goroutine started in Go \(line 89\) without a lock and read in \(\*Result\).Peek without a lock`
		close(r.done)
	}()
	return r
}

// Get reads after the close, or not at all: quiet.
func (r *Result[T]) Get(ctx context.Context) (T, bool) {
	select {
	case <-r.done:
		return r.val, true
	case <-ctx.Done():
		var zero T
		return zero, false
	}
}

// Peek's default case reads while the goroutine may still write.
func (r *Result[T]) Peek() (T, bool) {
	select {
	case <-r.done:
		return r.val, true
	default:
		return r.val, false
	}
}

// Promise's only reader waits: quiet.
type Promise struct {
	v    int
	done chan struct{}
}

func Compute(f func() int) *Promise {
	p := &Promise{done: make(chan struct{})}
	go func() {
		p.v = f()
		close(p.done)
	}()
	return p
}

func (p *Promise) Value() int {
	<-p.done
	return p.v
}

// Reply signals with one send: not counted, so
// Peek is quiet. The trade (docs/lockset.md): the ordering rules take a
// send to complete a receive only for a channel made for a go
// statement's argument, so Wait would be paired as if it had not waited.
type Reply struct {
	v  int
	ch chan struct{}
}

func Ask(f func() int) *Reply {
	r := &Reply{ch: make(chan struct{})}
	go func() {
		r.v = f()
		r.ch <- struct{}{}
	}()
	return r
}

func (r *Reply) Wait() int {
	<-r.ch
	return r.v
}

func (r *Reply) Peek() int { return r.v }

// Fetch2 has no method that waits for the goroutine: not counted, so
// Failed is quiet. The trade (docs/lockset.md): without the wait there is
// no evidence that the type expects its goroutine to run beside its
// methods rather than being read by its owner after some other signal.
type Fetch2 struct {
	Err  error
	done chan struct{}
}

func Start2(f func() error) *Fetch2 {
	ft := &Fetch2{done: make(chan struct{})}
	go func() {
		ft.Err = f()
		close(ft.done)
	}()
	return ft
}

func (ft *Fetch2) Failed() bool { return ft.Err != nil }

func (ft *Fetch2) Done() <-chan struct{} { return ft.done }

// Job's method starts a literal that writes its receiver: not counted,
// so Job is not shared with it and Status is quiet. The trade: on real
// code such methods are mostly a Start that sets up the object and then
// starts its loop, once.
type Job struct {
	status string
	done   chan struct{}
	wg     sync.WaitGroup
	result int
}

func (j *Job) Start() {
	go func() {
		j.status = "done"
		close(j.done)
	}()
}

func (j *Job) Status() string { return j.status }

func (j *Job) Wait() { <-j.done }

// Run joins its goroutine before it returns: quiet.
func (j *Job) Run() {
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		j.result = 42
	}()
	j.wg.Wait()
}

func (j *Job) Result() int { return j.result }

// Local is made and used by its spawner only: quiet.
type Local struct {
	n    int
	done chan struct{}
}

func (l *Local) N() int { <-l.done; return l.n }

func (l *Local) Peek() int { return l.n }

func Sum() int {
	l := &Local{done: make(chan struct{})}
	go func() {
		l.n = 1
		close(l.done)
	}()
	return l.N()
}

// Lister's goroutine closes the channel Names hands out; callers drain it
// before they read Err, and no method waits: quiet.
type Lister struct {
	names chan string
	err   error
}

func List(src []string) *Lister {
	l := &Lister{names: make(chan string)}
	go func() {
		defer close(l.names)
		for _, s := range src {
			if s == "" {
				l.err = errEmpty
				return
			}
			l.names <- s
		}
	}()
	return l
}

func (l *Lister) Names() <-chan string { return l.names }

func (l *Lister) Err() error { return l.err }

var errEmpty = errorString("empty")

type errorString string

func (e errorString) Error() string { return string(e) }
