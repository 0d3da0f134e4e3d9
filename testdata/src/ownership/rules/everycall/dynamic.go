package everycall

// reader reads a reply; one of its implementations hands the buffer to a
// goroutine that keeps reading from it. It is unexported, so the calls
// below may reach only this package's implementations.
type reader interface {
	readFrom(buf *Msg) error
}

type plain struct{}

func (plain) readFrom(buf *Msg) error { buf.Seq++; return nil }

type streaming struct{ out chan *Msg }

func (s streaming) readFrom(buf *Msg) error {
	go func() {
		for {
			buf.Seq++
			s.out <- nil
		}
	}()
	return nil
}

// ReadAll reads each reply with the same buffer: only one of the two
// implementations gives it up, so a dynamic call is no evidence that this
// one does: quiet by default (the strict reading takes any callee's word).
func ReadAll(rs []reader, buf *Msg) {
	for _, r := range rs {
		_ = r.readFrom(buf)
	}
}

// handler handles a message; both implementations hand it to a worker.
type handler interface {
	handle(m *Msg)
}

type queued struct{ work chan *Msg }

func (q queued) handle(m *Msg) { q.work <- m }

type spawned struct{}

func (spawned) handle(m *Msg) { go func() { m.Seq++ }() }

// HandleTwice hands the message to the handler and then writes it: every
// implementation gives it up, reported.
func HandleTwice(h handler, m *Msg) {
	h.handle(m)
	m.Body = nil // want `m is written after it was given up by`
}
