package onereader // want package:"lockset summaries"

import (
	"io"
	"sync"
)

// This package pins the reader-side rule of the default reading: the
// methods of a reader's side ((io.Reader).Read, (io.ByteReader).ReadByte,
// (io.WriterTo).WriteTo) are called by its one consumer, one at a time,
// so two calls of them on one object are not compared, unless the type
// says it is safe for concurrent use.

// Pipe has one writer and one reader; the queue is shared under mu, the
// reader's current block is the reader's own.
type Pipe struct {
	mu      sync.Mutex
	queue   [][]byte
	current []byte
	offset  int
	closed  bool
}

func (p *Pipe) next() {
	p.mu.Lock()
	if len(p.queue) > 0 {
		p.current, p.queue = p.queue[0], p.queue[1:]
		p.offset = 0
	}
	p.mu.Unlock()
}

// Read and WriteTo only run one at a time: quiet on current and offset.
func (p *Pipe) Read(b []byte) (int, error) {
	if p.offset == len(p.current) {
		p.next()
	}
	n := copy(b, p.current[p.offset:])
	p.offset += n
	return n, nil
}

func (p *Pipe) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for {
		if p.offset == len(p.current) {
			p.next()
		}
		n, err := w.Write(p.current[p.offset:])
		p.offset += n
		total += int64(n)
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// Write is the writer's side, under the lock.
func (p *Pipe) Write(b []byte) (int, error) {
	p.mu.Lock()
	p.queue = append(p.queue, b)
	p.mu.Unlock()
	return len(b), nil
}

// Reset is not a reader's method: it runs beside Read, and writes the
// reader's offset without the lock that next holds. Reported.
func (p *Pipe) Reset() {
	p.offset = 0 // want `p\.(Pipe\.)?offset is written in \(\*(Pipe|Buffered)\)\.Reset (via \(\*Pipe\)\.Reset )?without a lock and written in \(\*(Pipe|Buffered)\)\.Read via \(\*Pipe\)\.next holding p\.(Pipe\.)?mu`
}

// Shared says it may be read by many: "Shared is safe for concurrent use
// by multiple goroutines." Its Read races with itself. Reported.
type Shared struct {
	mu  sync.Mutex
	pos int
	buf []byte
}

func (s *Shared) fill() {
	s.mu.Lock()
	s.buf = append(s.buf, 0)
	s.mu.Unlock()
}

func (s *Shared) Read(b []byte) (int, error) {
	s.fill()
	n := copy(b, s.buf[s.pos:]) // want `s.buf is read in \(\*Shared\).Read without a lock and written in another call of \(\*Shared\).Read via \(\*Shared\).fill holding s.mu`
	s.pos += n
	return n, nil
}

// Buffered embeds a pipe: its promoted Read and WriteTo are the reader's
// side of Buffered too. Quiet.
type Buffered struct {
	Pipe
	name string
}

func (b *Buffered) Name() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.name
}
