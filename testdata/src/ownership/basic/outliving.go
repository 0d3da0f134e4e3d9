package basic

// Condition 1: what is transferred must not stay reachable from state that
// outlives the function.

var cache *T

// SendGlobal sends a package-level pointer.
func SendGlobal(ch chan *T) {
	ch <- cache // want `cache is sent on ch but stays reachable from basic.cache`
}

// StoreThenSend keeps a pointer in a package-level variable and sends it.
func StoreThenSend(ch chan *T) {
	p := &T{}
	cache = p
	ch <- p // want `p is sent on ch but stays reachable from basic.cache \(stored at line \d+\)`
}

// Server keeps state across calls.
type Server struct {
	last *T
	buf  []byte
}

// SendField sends memory the receiver keeps and, in Scribble, writes.
func (s *Server) SendField(ch chan []byte) {
	ch <- s.buf // want `s.buf is sent on ch but stays reachable from s.buf`
}

// Scribble writes the buffer through the field that keeps it: the evidence
// that keeping what SendField sent races.
func (s *Server) Scribble() {
	s.buf[0] = 1
}

// Table keeps rows that nothing writes after they are built.
type Table struct {
	rows []byte
}

// NewTable builds the rows before the table exists.
func NewTable() *Table {
	rows := make([]byte, 4)
	rows[0] = 1
	return &Table{rows: rows}
}

// SendRows sends the rows the table keeps. Nothing writes them through
// the unexported field, so both sides only read them: quiet by default
// (that some []byte of the package is written elsewhere is no evidence);
// the strict reading reports it.
func (t *Table) SendRows(ch chan []byte) {
	ch <- t.rows
}

// KeepAndSend stores p in the receiver and sends it.
func (s *Server) KeepAndSend(ch chan *T, p *T) {
	s.last = p
	ch <- p // want `p is sent on ch but stays reachable from s.last \(stored at line \d+\)`
}

// HandOff clears the field before sending what it held.
func (s *Server) HandOff(ch chan []byte) {
	b := s.buf
	s.buf = nil
	ch <- b
}

// relay gives up p two calls deep.
func relay(ch chan *T, p *T) { relay2(ch, p) }

func relay2(ch chan *T, p *T) { ch <- p }

// TwoDeep writes what relay gave up.
func TwoDeep(ch chan *T) {
	p := &T{}
	relay(ch, p)
	p.x = 1 // want `p is written after it was given up by basic.relay \(line \d+\), which passes it to basic.relay2 at outliving.go:\d+, which sends it on a channel at outliving.go:\d+; whoever receives it may be using it concurrently`
}

// TwoDeepDone gives up a fresh pointer.
func TwoDeepDone(ch chan *T) {
	relay(ch, &T{})
}

// KeepSendWrite breaks condition 1 at the send and condition 3 after it.
func (s *Server) KeepSendWrite(ch chan *T) {
	p := &T{}
	s.last = p
	ch <- p // want `p is sent on ch but stays reachable from s.last \(stored at line \d+\)`
	p.x = 1 // want `p is written after it was sent on ch`
}

// SendCopyOfField sends a copy of the receiver's buffer.
func (s *Server) SendCopyOfField(ch chan []byte) {
	b := make([]byte, len(s.buf))
	copy(b, s.buf)
	ch <- b
}

// GoField hands the receiver's buffer to a goroutine and keeps it.
func (s *Server) GoField() {
	go func(b []byte) { // want `s.buf is handed to a new goroutine but stays reachable from s.buf; the goroutine may be using it concurrently`
		b[0] = 1
	}(s.buf)
}

// GoFresh hands a goroutine a buffer nobody else keeps.
func (s *Server) GoFresh(out chan byte) {
	b := make([]byte, 1)
	go func(b []byte) {
		out <- b[0]
	}(b)
}
