package freshperiteration

// Record is filled by a call before it is batched.
type Record struct {
	N    int
	Prev *Record
}

// Decoder fills the record it is given. The package has no implementation
// of it: the analysis cannot see what Decode stores.
type Decoder interface {
	Decode(into *Record) error
}

// flushRecords hands a batch to the consumer; on shutdown it writes its
// records.
func flushRecords(out chan<- []*Record, stop <-chan struct{}, batch []*Record) {
	select {
	case out <- batch:
	case <-stop:
		for _, r := range batch {
			r.N = -1
		}
	}
}

// DecodedBatches decodes each record of a new batch into a new record,
// through a decoder it cannot see: by default a callee without a summary
// stores nothing into what it is given, so the new batch holds nothing an
// earlier flush handed over. Quiet (reported under -strict).
func DecodedBatches(out chan<- []*Record, stop <-chan struct{}, dec Decoder, n, max int) {
	batch := make([]*Record, 0, max)
	for i := 0; i < n; i++ {
		r := new(Record)
		if dec.Decode(r) != nil {
			return
		}
		batch = append(batch, r)
		if len(batch) >= max {
			flushRecords(out, stop, batch)
			batch = make([]*Record, 0, max)
		}
	}
	if len(batch) != 0 {
		flushRecords(out, stop, batch)
	}
}

// link makes r point to the record before it.
func link(r, prev *Record) { r.Prev = prev }

// LinkedBatches links each new record to the one before it through a
// helper whose summary says so, also across a flush: a new record reaches
// one the consumer holds. Reported.
func LinkedBatches(out chan<- []*Record, stop <-chan struct{}, n, max int) {
	var prev *Record
	batch := make([]*Record, 0, max)
	for i := 0; i < n; i++ {
		r := &Record{N: i}
		link(r, prev) // want `batch is passed to freshperiteration.link after it was given up by freshperiteration.flushRecords`
		prev = r
		batch = append(batch, r)
		if len(batch) >= max {
			flushRecords(out, stop, batch)
			batch = make([]*Record, 0, max)
		}
	}
	if len(batch) != 0 {
		flushRecords(out, stop, batch)
	}
}
