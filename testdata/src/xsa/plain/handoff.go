package plain

// Buffer hands its buffer to a writer goroutine. Its methods are the
// machine's handlers: any may run after any other.
type Buffer struct {
	buf []byte
	out chan []byte
}

// Write appends to the buffer: whatever the buffer holds is written.
func (b *Buffer) Write(p []byte) {
	b.buf = append(b.buf, p...)
}

// Swap hands the buffer over and forgets it first: quiet.
func (b *Buffer) Swap() {
	full := b.buf
	b.buf = nil
	b.out <- full
}

// Renew hands the buffer over and then replaces it: quiet with xsa.
func (b *Buffer) Renew() {
	b.out <- b.buf
	b.buf = make([]byte, 0, 64)
}

// Reuse hands the buffer over and keeps appending to its array: the
// next Write writes memory the writer goroutine reads.
func (b *Buffer) Reuse() {
	b.out <- b.buf // want `b.buf is sent on b.out but stays reachable from b.buf`
	b.buf = b.buf[:0]
}

// Keep hands the buffer over and keeps it for the next Write.
func (b *Buffer) Keep() {
	b.out <- b.buf // want `b.buf is sent on b.out but stays reachable from b.buf`
}

// Log keeps the last batch it sent for a debug dump, and appends to it.
type Log struct {
	batch []*Item
	last  []*Item
	out   chan []*Item
}

// Add appends to the batch.
func (l *Log) Add(it *Item) { l.batch = append(l.batch, it) }

// Flush sends the batch and remembers it in another field: resetting
// batch is not enough, last still holds what was sent.
func (l *Log) Flush() {
	l.out <- l.batch // want `l.batch is sent on l.out but stays reachable from l.batch`
	l.last = l.batch
	l.batch = nil
}

// Dump changes what Flush kept.
func (l *Log) Dump() {
	for _, it := range l.last {
		it.V = 0
	}
}

// Resetter sends its batch through a helper that forgets it: the reset
// happens in the helper's caller.
type Resetter struct {
	batch []*Item
	out   chan []*Item
}

// Add appends to the batch.
func (r *Resetter) Add(it *Item) { r.batch = append(r.batch, it) }

// Flush sends and resets, the reset in a helper: quiet.
func (r *Resetter) Flush() {
	r.send()
	r.clear()
}

func (r *Resetter) send() { r.out <- r.batch }

func (r *Resetter) clear() { r.batch = nil }

// Client completes its pending operation through a helper that forgets
// it before sending it: quiet.
type Client struct {
	pending *Item
	out     chan *Item
}

// Start sets the pending operation.
func (c *Client) Start(it *Item) { c.pending = it }

// Done completes it.
func (c *Client) Done() {
	c.complete(c.pending)
}

func (c *Client) complete(it *Item) {
	c.pending = nil
	c.out <- it
}

// Lazy completes through a helper that sends first and forgets after:
// the report stays at the call, as the helper may read the field.
type Lazy struct {
	pending *Item
	out     chan *Item
}

// Start sets the pending operation and reads the previous one.
func (l *Lazy) Start(it *Item) {
	if l.pending != nil {
		l.pending.V++
	}
	l.pending = it
}

// Done completes it.
func (l *Lazy) Done() {
	l.complete(l.pending) // want `l.pending is given up by \(\*plain.Lazy\).complete`
}

func (l *Lazy) complete(it *Item) {
	l.out <- it
	if l.pending == it {
		l.pending = nil
	}
}

// Unread keeps what it sent in a field that no code reads again: keeping
// it races with no one. Quiet.
type Unread struct {
	last []*Item
	out  chan []*Item
}

// Send sends items and remembers them.
func (u *Unread) Send(items []*Item) {
	u.last = items
	u.out <- items
}

// Exported keeps what it sent in an exported field, which code in other
// packages may read.
type Exported struct {
	Last []*Item
	out  chan []*Item
}

// Send sends items and remembers them.
func (e *Exported) Send(items []*Item) {
	e.Last = items
	e.out <- items // want `items is sent on e.out but stays reachable from e.Last`
}
