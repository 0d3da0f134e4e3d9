package oneresponder // want package:"lockset summaries"

import (
	"bufio"
	"net"
	"net/http"
	"sync"
)

// This package pins the response-side rule of the default reading: the
// methods of the response side of a request ((http.ResponseWriter).Write,
// WriteHeader, Header, (http.Hijacker).Hijack) are called by the handler
// it was handed to, one at a time, so two calls of them on one object are
// not compared, unless the type says it is safe for concurrent use.

// Writer adapts a response to a body pipe that a copier goroutine drains
// under mu; its status line is the handler's own.
type Writer struct {
	mu        sync.Mutex
	header    http.Header
	status    int
	committed bool
	body      []byte
	conn      net.Conn
	rw        *bufio.ReadWriter
}

func (w *Writer) Header() http.Header { return w.header }

// commit writes the status once; Write calls it holding mu, WriteHeader
// without: quiet, since the handler calls them one at a time.
func (w *Writer) commit(code int) {
	if w.committed {
		return
	}
	w.committed = true
	w.status = code
}

func (w *Writer) WriteHeader(code int) { w.commit(code) }

func (w *Writer) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.commit(http.StatusOK)
	w.body = append(w.body, b...)
	return len(b), nil
}

// Hijack hands the connection over, under mu; WriteHeader reads the
// status without it: quiet.
func (w *Writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.status = -1
	return w.conn, w.rw, nil
}

// Drain is no method of the response side: a copier runs it beside the
// handler, and it reads the status without the lock. Reported.
func (w *Writer) Drain() []byte {
	if w.status == 0 { // want `w.status is read in \(\*Writer\).Drain without a lock and written in \(\*Writer\).(Write|Hijack|WriteHeader)`
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	b := w.body
	w.body = nil
	return b
}

// Recorder says it may be shared: "Recorder is safe for concurrent use
// by multiple goroutines." Its Write races with its WriteHeader. Reported.
type Recorder struct {
	mu     sync.Mutex
	header http.Header
	code   int
	body   []byte
}

func (r *Recorder) Header() http.Header { return r.header }

func (r *Recorder) WriteHeader(code int) {
	r.code = code // want `r.code is written in \(\*Recorder\).WriteHeader without a lock and (read|written) in \(\*Recorder\).Write holding r.mu`
}

func (r *Recorder) Write(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.code == 0 {
		r.code = http.StatusOK
	}
	r.body = append(r.body, b...)
	return len(b), nil
}

// Flusher has a Flush and a Write but is no response Writer: its methods
// are no group. Reported.
type Flusher struct {
	mu  sync.Mutex
	buf []byte
	n   int
}

func (f *Flusher) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf = append(f.buf, b...)
	f.n = len(f.buf)
	return len(b), nil
}

func (f *Flusher) Flush() {
	f.n = 0 // want `f.n is written in \(\*Flusher\).Flush without a lock and written in \(\*Flusher\).Write holding f.mu`
}
