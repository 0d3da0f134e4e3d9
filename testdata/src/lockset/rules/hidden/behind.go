package hidden // want package:"lockset summaries"

import (
	"io"
	"sync"
)

// Types converted only to an exported interface are called from outside
// through its methods, and through those an assertion to a known
// interface finds; their other methods are the package's own.

// tracer is handed out as an io.Writer once its owner started it
// (libp2p-pubsub's tracers): Start is not in any interface, so only the
// package calls it, before it hands the tracer out. Quiet.
type tracer struct {
	mu     sync.Mutex
	prefix string
	lines  int
}

func (t *tracer) Start(prefix string) { t.prefix = prefix }

func (t *tracer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines++
	_ = t.prefix + string(b)
	return len(b), nil
}

// NewTracer starts a tracer and hands it out.
func NewTracer(prefix string) io.Writer {
	t := &tracer{}
	t.Start(prefix)
	return t
}

// flusher is handed out as an io.Writer too, but its Flush has the
// signature of an interface an assertion may find (flushAll's): code
// outside may call it beside Write. Racy.
type flusher struct {
	mu  sync.Mutex
	buf []byte
}

// Flusher is what flushAll asserts a writer to.
type Flusher interface{ Flush() error }

func (f *flusher) Flush() error {
	f.buf = f.buf[:0] // want `f.buf is written in \(\*flusher\).Flush without a lock and written in \(\*flusher\).Write holding f.mu`
	return nil
}

func (f *flusher) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf = append(f.buf, b...)
	return len(b), nil
}

// NewFlusher hands out a flusher.
func NewFlusher() io.Writer { return &flusher{} }
