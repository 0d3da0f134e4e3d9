// Package sharedtypes pins the rule that values of shareable types are
// never transferred: types documented safe for concurrent use, declared
// //psharpvet:shared, or handles whose every mutable field points to
// state that synchronises itself. Handing one to goroutines that write it
// is quiet; a type documented unsafe, or a handle with a plain field
// beside the synchronised one, is still transferred.
package sharedtypes

import (
	"os"
	"runtime/pprof"
	"sync"
	"sync/atomic"
)

// Registry is safe for concurrent use by multiple goroutines.
type Registry struct{ names []string }

func (r *Registry) add(n string) { r.names = append(r.names, n) }

// Register hands the registry to a goroutine that adds to it and reads it
// afterwards: quiet, its documentation says it may be shared.
func Register(r *Registry) int {
	go r.add("a")
	return len(r.names)
}

// Table is locked by the code that uses it.
//
//psharpvet:shared
type Table struct{ rows []int }

func fill(t *Table) { t.rows = append(t.rows, 1) }

// Fill shares a declared table: quiet.
func Fill(t *Table) int {
	go fill(t)
	return len(t.rows)
}

// Level is a handle: its copies share one atomic value.
type Level struct{ l *atomic.Int32 }

func (v Level) set(n int32) { v.l.Store(n) }

func (v Level) get() int32 { return v.l.Load() }

func runConcurrently(n int, wg *sync.WaitGroup, f func()) {
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func() {
			defer wg.Done()
			f()
		}()
	}
}

// SetLevels hands goroutines closures over one handle variable, some
// reading it and some setting it: quiet.
func SetLevels(v Level) {
	var wg sync.WaitGroup
	runConcurrently(3, &wg, func() { _ = v.get() })
	runConcurrently(3, &wg, func() { v.set(9) })
	wg.Wait()
}

// Buf is what a BufPool hands out.
type Buf struct{ b []byte }

type innerPool struct{ pool sync.Pool }

// BufPool is a handle to a sync.Pool.
type BufPool struct{ p *innerPool }

func NewBufPool() BufPool {
	return BufPool{p: &innerPool{pool: sync.Pool{New: func() any { return &Buf{} }}}}
}

func (p BufPool) Get() *Buf { return p.p.pool.Get().(*Buf) }

// UseBuffers hands goroutines closures over one pool handle, each writing
// the buffers it gets: quiet.
func UseBuffers() {
	p := NewBufPool()
	for g := 0; g < 4; g++ {
		go func() {
			buf := p.Get()
			buf.b = append(buf.b, 'x')
		}()
	}
}

// Scratch is not safe for concurrent use.
type Scratch struct{ buf []byte }

func reset(s *Scratch) { s.buf = s.buf[:0] }

// Reuse hands a scratch buffer to a goroutine and keeps reading it.
func Reuse(s *Scratch) int {
	go reset(s)
	return len(s.buf) // want `s is read after it was handed to the goroutine`
}

// Counter pairs a synchronised pointer with a plain slice: not a handle.
type Counter struct {
	mu   *sync.Mutex
	hist []int
}

func record(c Counter) { c.hist[0]++ }

// Record hands a counter whose slice the goroutine writes.
func Record(c Counter) int {
	go record(c)
	return c.hist[0] // want `is read after it was handed to the goroutine`
}

// Sink is a writer of this package, with no synchronisation.
type Sink struct{ buf []byte }

func (s *Sink) Write(p []byte) (int, error) {
	s.buf = append(s.buf, p...)
	return len(p), nil
}

// Safe is a writer safe for concurrent use.
type Safe struct {
	mu sync.Mutex
	n  int
}

func (s *Safe) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.n += len(p)
	s.mu.Unlock()
	return len(p), nil
}

type writer interface {
	Write(p []byte) (int, error)
}

// recordTo hands its writer to a goroutine that writes to it.
func recordTo(w writer) {
	go func() { _, _ = w.Write([]byte("x")) }()
}

var (
	safeOut *Safe
	fileOut *os.File
	sinkOut *Sink
)

// StartSafe keeps the writer it hands on, converted to an interface: its
// dynamic type is shareable, so quiet.
func StartSafe() {
	safeOut = &Safe{}
	recordTo(safeOut)
}

// StartFile keeps the file it hands to the profiler, converted to an
// io.Writer: *os.File is safe for concurrent use, so quiet.
func StartFile(name string) error {
	var err error
	fileOut, err = os.Create(name)
	if err != nil {
		return err
	}
	return pprof.StartCPUProfile(fileOut)
}

// StartSinkProfile keeps a writer that is not shareable: reported.
func StartSinkProfile() error {
	sinkOut = &Sink{}
	return pprof.StartCPUProfile(sinkOut) // want `sinkOut is given up by pprof.StartCPUProfile .* but stays reachable from sharedtypes.sinkOut`
}

// StartSink keeps a writer of a type that is not shareable, converted to
// an interface: reported.
func StartSink() {
	sinkOut = &Sink{}
	recordTo(sinkOut) // want `is given up by sharedtypes.recordTo .* but stays reachable from sharedtypes.sinkOut`
}
