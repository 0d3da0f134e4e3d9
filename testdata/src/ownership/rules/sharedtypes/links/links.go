// Package links makes the links of sharedtypes' results.go, in another
// package, so that sharedtypes sees them through the facts of Accept.
package links

import "sync"

// Link is a connection. It supports one concurrent reader and one
// concurrent writer, and Write may be called concurrently.
type Link struct {
	mu            sync.Mutex
	readDeadline  int
	writeDeadline int
	out           []byte
}

// SetReadDeadline sets the read deadline.
func (l *Link) SetReadDeadline(d int) { l.readDeadline = d }

// SetWriteDeadline sets the write deadline.
func (l *Link) SetWriteDeadline(d int) { l.writeDeadline = d }

// Write writes b.
func (l *Link) Write(b []byte) {
	l.mu.Lock()
	l.out = append(l.out, b...)
	l.mu.Unlock()
}

// Accept returns a new link over a buffer of the given size.
func Accept(size int) (*Link, error) { return &Link{out: make([]byte, 0, size)}, nil }

// Buffer is not synchronised.
type Buffer struct{ data []byte }

// Append appends b.
func (f *Buffer) Append(b []byte) { f.data = append(f.data, b...) }

// Open returns a new buffer of the given size.
func Open(size int) (*Buffer, error) { return &Buffer{data: make([]byte, 0, size)}, nil }
