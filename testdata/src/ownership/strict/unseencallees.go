package strict

// A callee without a summary may store into what it is given anything the
// other operands reach, and link them: ownership/rules/freshperiteration's
// DecodedBatches, quiet by default, is reported under -strict. The report
// comes first at the decoder itself, which the strict heap links to the
// batch it filled before.

type record struct {
	n    int
	prev *record
}

type decoder interface {
	Decode(into *record) error
}

func flushRecords(out chan<- []*record, stop <-chan struct{}, batch []*record) {
	select {
	case out <- batch:
	case <-stop:
		for _, r := range batch {
			r.n = -1
		}
	}
}

// DecodedBatches decodes each record through a decoder the package cannot
// see, which might keep the records it filled and link the next one to
// them: reported.
func DecodedBatches(out chan<- []*record, stop <-chan struct{}, dec decoder, n, max int) {
	batch := make([]*record, 0, max)
	for i := 0; i < n; i++ {
		r := new(record)
		if dec.Decode(r) != nil { // want `dec is passed to Decode after batch, which shares memory with it, was given up`
			return
		}
		batch = append(batch, r)
		if len(batch) >= max {
			flushRecords(out, stop, batch)
			batch = make([]*record, 0, max)
		}
	}
	if len(batch) != 0 {
		flushRecords(out, stop, batch)
	}
}
