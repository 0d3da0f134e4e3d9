package onereader // want package:"lockset summaries"

import (
	"fmt"
	"io"
	"net/rpc"
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

// codec is read by net/rpc's client loop, which calls ReadResponseHeader
// and ReadResponseBody in pairs, one at a time: quiet on resp; the
// pending requests are shared under mu with the callers.
type codec struct {
	conn    io.ReadWriteCloser
	req     request
	resp    response
	mu      sync.Mutex
	pending map[uint64]string
}

type request struct {
	method string
	seq    uint64
}

type response struct {
	seq     uint64
	failure any
}

func (r *response) reset() {
	r.seq = 0
	r.failure = nil
}

// NewCodec returns a client codec.
func NewCodec(conn io.ReadWriteCloser) rpc.ClientCodec {
	return &codec{conn: conn, pending: make(map[uint64]string)}
}

func (c *codec) WriteRequest(r *rpc.Request, body any) error {
	c.mu.Lock()
	c.pending[r.Seq] = r.ServiceMethod
	c.mu.Unlock()
	c.req.method = r.ServiceMethod
	c.req.seq = r.Seq
	return nil
}

func (c *codec) ReadResponseHeader(r *rpc.Response) error {
	c.resp.reset()
	c.mu.Lock()
	r.ServiceMethod = c.pending[c.resp.seq]
	delete(c.pending, c.resp.seq)
	c.mu.Unlock()
	r.Seq = c.resp.seq
	if c.resp.failure != nil {
		return fmt.Errorf("call %d failed: %v", r.Seq, c.resp.failure)
	}
	return nil
}

func (c *codec) ReadResponseBody(body any) error {
	return nil
}

func (c *codec) Close() error {
	c.pending = nil // want `c.pending is written in \(\*codec\).Close without a lock and (read|written) in \(\*codec\).(ReadResponseHeader|WriteRequest) holding c.mu`
	return nil
}

// NewClient returns a client whose input loop reads the codec.
func NewClient(conn io.ReadWriteCloser) *rpc.Client { return rpc.NewClientWithCodec(NewCodec(conn)) }
