// Package freshperiteration pins the rule that a loop that allocates (or
// receives) a value and sends it each iteration sends fresh memory each
// time, while memory made before the loop is the same every time.
package freshperiteration

type Msg struct {
	Seq  int
	Body []byte
}

// Produce allocates a message per iteration: quiet.
func Produce(out chan<- *Msg, n int) {
	for i := 0; i < n; i++ {
		m := &Msg{Seq: i}
		m.Body = make([]byte, 32)
		m.Body[0] = byte(i)
		out <- m
	}
}

// ProduceBatches allocates a slice per iteration: quiet.
func ProduceBatches(out chan<- []int, n int) {
	for i := 0; i < n; i++ {
		batch := make([]int, 0, 8)
		batch = append(batch, i)
		out <- batch
	}
}

// Forward sends on what it received, each value a new one: quiet.
func Forward(in <-chan *Msg, out chan<- *Msg) {
	for {
		m, ok := <-in
		if !ok {
			return
		}
		m.Seq++
		out <- m
	}
}

// ProduceReused sends the message allocated before the loop every time:
// reported.
func ProduceReused(out chan<- *Msg, n int) {
	m := &Msg{}
	for i := 0; i < n; i++ {
		m.Seq = i // want `m is written after it was sent on out`
		out <- m
	}
}

// ProduceSharedBody wraps one body, made before the loop, in a fresh
// message per iteration: the body is not re-derived, so reported.
func ProduceSharedBody(out chan<- *Msg, n int) {
	body := make([]byte, 32)
	for i := 0; i < n; i++ {
		body[0] = byte(i) // want `is written after .* was sent on out`
		out <- &Msg{Seq: i, Body: body}
	}
}

type Entry struct {
	N    int
	Done *bool
}

// flush hands a batch to the consumer; on shutdown it writes its entries.
func flush(out chan<- []*Entry, stop <-chan struct{}, batch []*Entry) {
	select {
	case out <- batch:
	case <-stop:
		for _, e := range batch {
			e.N = -1
		}
	}
}

// Batches replaces the batch by a new one right after handing it over,
// and fills the new one with new entries: whatever path reaches the last
// flush, the batch it flushes holds nothing an earlier flush handed over.
// Quiet.
func Batches(out chan<- []*Entry, stop <-chan struct{}, n, max int) {
	batch := make([]*Entry, 0, max)
	for i := 0; i < n; i++ {
		batch = append(batch, &Entry{N: i})
		if len(batch) >= max {
			flush(out, stop, batch)
			batch = make([]*Entry, 0, max)
		}
	}
	if len(batch) != 0 {
		flush(out, stop, batch)
	}
}

// BatchesKeepLast starts each new batch with the last entry of the one it
// handed over: the last flush may write an entry the consumer holds.
// Reported.
func BatchesKeepLast(out chan<- []*Entry, stop <-chan struct{}, n, max int) {
	batch := make([]*Entry, 0, max)
	for i := 0; i < n; i++ {
		batch = append(batch, &Entry{N: i})
		if len(batch) >= max {
			last := batch[len(batch)-1]
			flush(out, stop, batch)
			batch = make([]*Entry, 0, max)
			batch = append(batch, last)
		}
	}
	if len(batch) != 0 {
		flush(out, stop, batch) // want `batch is passed to freshperiteration.flush after it was given up by freshperiteration.flush`
	}
}

// BatchesTruncated reuses the handed-over batch's array: reported.
func BatchesTruncated(out chan<- []*Entry, stop <-chan struct{}, n, max int) {
	batch := make([]*Entry, 0, max)
	for i := 0; i < n; i++ {
		batch = append(batch, &Entry{N: i}) // want `batch is written after it was given up by freshperiteration.flush`
		if len(batch) >= max {
			flush(out, stop, batch)
			batch = batch[:0]
		}
	}
	if len(batch) != 0 {
		flush(out, stop, batch) // want `batch is passed to freshperiteration.flush after it was given up by freshperiteration.flush`
	}
}

// BatchesSharedFlag makes each entry of the new batch point to a flag
// that the handed-over entries point to as well: reported.
func BatchesSharedFlag(out chan<- []*Entry, stop <-chan struct{}, n, max int) {
	done := new(bool)
	batch := make([]*Entry, 0, max)
	for i := 0; i < n; i++ {
		batch = append(batch, &Entry{N: i, Done: done})
		if len(batch) >= max {
			flush(out, stop, batch)
			batch = make([]*Entry, 0, max)
		}
	}
	*done = true // want `is written after`
	_ = batch
}

// Batcher collects what arrives until stopped, then hands the batch on.
type Batcher struct {
	in   chan *Msg
	out  chan []*Msg
	stop chan struct{}
}

// Batches declares its batch inside the loop, so each iteration appends
// to a new one, also on the select case that leaves the batch as it was
// (a phi that takes its own value around the inner loop): quiet.
func (b *Batcher) Batches() {
	for {
		var batch []*Msg
		for done := false; !done; {
			select {
			case m := <-b.in:
				batch = append(batch, m)
			case <-b.stop:
				done = true
			}
		}
		b.out <- batch
	}
}

// Accumulate keeps one batch across iterations and sends it each time it
// is stopped, then appends to it again: reported.
func (b *Batcher) Accumulate() {
	var batch []*Msg
	for {
		select {
		case m := <-b.in:
			batch = append(batch, m) // want `batch is written after it was sent on b.out`
		case <-b.stop:
			b.out <- batch
		}
	}
}
