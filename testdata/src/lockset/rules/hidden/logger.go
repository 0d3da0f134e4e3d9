package hidden

import (
	"io"
	"log"
	"sync"
)

// fileWriter is only the writer of a log.Logger, which calls its Write
// one call at a time: Write never runs concurrently with itself. Quiet.
type fileWriter struct {
	mu   sync.Mutex
	size int
}

func (w *fileWriter) Write(b []byte) (int, error) {
	if w.size > 1<<20 {
		w.mu.Lock()
		w.size = 0
		w.mu.Unlock()
	}
	return len(b), nil
}

func NewLogger() *log.Logger {
	return log.New(&fileWriter{}, "", 0)
}

// rotatingWriter is a logger's writer too, but also an io.Writer that
// NewRotating's callers may call concurrently: reported.
type rotatingWriter struct {
	mu   sync.Mutex
	size int
}

func (w *rotatingWriter) Write(b []byte) (int, error) {
	if w.size > 1<<20 { // want `w.size is read in \(\*rotatingWriter\).Write without a lock and written in another call of \(\*rotatingWriter\).Write holding w.mu`
		w.mu.Lock()
		w.size = 0
		w.mu.Unlock()
	}
	return len(b), nil
}

func NewRotating() (*log.Logger, io.Writer) {
	w := &rotatingWriter{}
	return log.New(w, "", 0), w
}
