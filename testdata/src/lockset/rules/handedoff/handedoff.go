package handedoff // want package:"lockset summaries"

import "sync"

// A pointer loaded from a field and handed to a goroutine, where every
// path from the go statement puts another object into the field before
// the field is read again, is handed off: what the goroutine does
// through it is not an access of the field's object. A handoff that
// leaves the object in the field on some path, or that reads the field
// again first, is not one. Each case has a batch type of its own, since
// a report names one pair of accesses per position.

// Batch is filled by one goroutine and finished by another.
type Batch struct {
	n   int
	buf []byte
}

func (b *Batch) Add(x byte) {
	b.buf = append(b.buf, x)
	b.n++
}

func (b *Batch) Finish() int {
	b.n = -1
	return len(b.buf)
}

// Writer batches bytes from one goroutine (loop) and finishes full
// batches on goroutines of their own.
type Writer struct {
	mu    sync.Mutex
	size  int
	total int
	batch *Batch
	reqs  chan byte
}

func Start(size int) *Writer {
	w := &Writer{size: size, batch: &Batch{}, reqs: make(chan byte)}
	go w.loop()
	return w
}

func (w *Writer) Put(x byte) { w.reqs <- x }

func (w *Writer) loop() {
	for x := range w.reqs {
		w.batch.Add(x)
		if w.batch.n > 10 {
			w.flush(false)
		}
	}
	w.flush(true)
}

// flush hands the batch off as an argument and replaces it on both
// branches. Quiet.
func (w *Writer) flush(done bool) {
	go func(b *Batch) {
		n := b.Finish()
		w.mu.Lock()
		w.total += n
		w.mu.Unlock()
	}(w.batch)
	if done {
		w.batch = nil
		return
	}
	w.batch = newBatch(w.size)
}

func newBatch(size int) *Batch { return &Batch{buf: make([]byte, 0, size)} }

// CBatch is Batch for Captured.
type CBatch struct {
	n   int
	buf []byte
}

func (b *CBatch) Add(x byte) {
	b.buf = append(b.buf, x)
	b.n++
}

func (b *CBatch) Finish() int {
	b.n = -1
	return len(b.buf)
}

// Captured hands the batch off through a variable the function literal
// captures. Quiet.
type Captured struct {
	batch *CBatch
	reqs  chan byte
}

func StartCaptured() *Captured {
	c := &Captured{batch: &CBatch{}, reqs: make(chan byte)}
	go c.loop()
	return c
}

func (c *Captured) Put(x byte) { c.reqs <- x }

func (c *Captured) loop() {
	for x := range c.reqs {
		c.batch.Add(x)
		b := c.batch
		go func() {
			b.Finish()
		}()
		c.batch = &CBatch{}
	}
}

// OBatch is Batch for OneBranch.
type OBatch struct {
	n   int
	buf []byte
}

func (b *OBatch) Add(x byte) {
	b.buf = append(b.buf, x) // want `o.batch.buf is written in the goroutine started in StartOneBranch \(line 142\) via \(\*OBatch\).Add without a lock and read in the goroutine started in \(\*OneBranch\).flush \(line 156\) via \(\*OBatch\).Finish without a lock`
	b.n++                    // want `o.batch.n is read in the goroutine started in StartOneBranch \(line 142\) via \(\*OBatch\).Add without a lock and written in the goroutine started in \(\*OneBranch\).flush \(line 156\) via \(\*OBatch\).Finish without a lock`
}

func (b *OBatch) Finish() int {
	b.n = -1
	return len(b.buf)
}

// OneBranch replaces the batch only when asked: otherwise the loop goes
// on adding to the batch the goroutine finishes. A race.
type OneBranch struct {
	batch *OBatch
	reqs  chan byte
}

func StartOneBranch() *OneBranch {
	o := &OneBranch{batch: &OBatch{}, reqs: make(chan byte)}
	go o.loop()
	return o
}

func (o *OneBranch) Put(x byte) { o.reqs <- x }

func (o *OneBranch) loop() {
	for x := range o.reqs {
		o.batch.Add(x)
		o.flush(x == 0)
	}
}

func (o *OneBranch) flush(replace bool) {
	go func(b *OBatch) {
		b.Finish()
	}(o.batch)
	if replace {
		o.batch = &OBatch{}
	}
}

// RBatch is Batch for ReadFirst.
type RBatch struct {
	n   int
	buf []byte
}

func (b *RBatch) Add(x byte) {
	b.buf = append(b.buf, x) // want `r.batch.buf is written in the goroutine started in StartReadFirst \(line 193\) via \(\*RBatch\).Add without a lock and read in the goroutine started in \(\*ReadFirst\).loop \(line 202\) via \(\*RBatch\).Finish without a lock`
	b.n++                    // want `r.batch.n is read in the goroutine started in StartReadFirst \(line 193\) via \(\*RBatch\).Add without a lock and written in the goroutine started in \(\*ReadFirst\).loop \(line 202\) via \(\*RBatch\).Finish without a lock`
}

func (b *RBatch) Finish() int {
	b.n = -1 // want `r.batch.n is written in the goroutine started in \(\*ReadFirst\).loop \(line 202\) via \(\*RBatch\).Finish without a lock and written in another instance of goroutine started in \(\*ReadFirst\).loop \(line 202\)`
	return len(b.buf)
}

// ReadFirst reads the batch's count again after the go statement and
// before replacing the batch: the goroutine may be finishing it. A race,
// and no handoff: the goroutine's accesses keep the field's name, so
// they are compared with the loop's (reported at the first positions of
// each pair: Add's and Finish's).
type ReadFirst struct {
	batch *RBatch
	last  int
	reqs  chan byte
}

func StartReadFirst() *ReadFirst {
	r := &ReadFirst{batch: &RBatch{}, reqs: make(chan byte)}
	go r.loop()
	return r
}

func (r *ReadFirst) Put(x byte) { r.reqs <- x }

func (r *ReadFirst) loop() {
	for x := range r.reqs {
		r.batch.Add(x)
		go func(b *RBatch) {
			b.Finish()
		}(r.batch)
		r.last = r.batch.n
		r.batch = &RBatch{}
	}
}
