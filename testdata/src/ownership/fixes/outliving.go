// Package fixes holds the reports that carry a suggested fix, and
// look-alikes that must carry none: each FILE.go.golden is FILE.go with
// every fix applied.
package fixes

type T struct{ n int }

// Server keeps state across calls.
type Server struct {
	out   chan []int
	outT  chan *T
	outM  chan map[string]int
	outH  chan Hdr
	outG  chan map[string][]int
	inbox chan int
	get   chan struct{}

	buf     []int
	last    *T
	counts  map[string]int
	batch   []int
	list    []int
	kept    []int
	copy    []int
	hdr     Hdr
	tried   []int
	one     []int
	ring    []int
	cur     *T
	sent    []int
	total   int
	Pub     []int
	spawned []int
	aligned []int
	twice   []int
	groups  map[string][]int
	n       int
}

// Hdr is a struct held by value.
type Hdr struct{ p *T }

// sinks write what they receive, which makes keeping it a race.
func sinks(s *Server) {
	for b := range s.out {
		b[0] = 1
	}
	for p := range s.outT {
		p.n++
	}
	for m := range s.outM {
		m["x"] = 1
	}
	for h := range s.outH {
		h.p.n++
	}
	for g := range s.outG {
		g["x"] = nil
	}
}

// Add appends to the buffer: append works on nil.
func (s *Server) Add(x int) {
	s.buf = append(s.buf, x)
	if s.last == nil {
		s.last = &T{}
	}
	delete(s.counts, "x")
	if len(s.batch) > 0 {
		s.n = s.counts["y"]
	}
}

// SendField sends a field of the receiver: reset it.
func (s *Server) SendField() {
	s.out <- s.buf // want `s.buf is sent on s.out but stays reachable from s.buf`
}

// SendPointer sends a pointer field, and goes on.
func (s *Server) SendPointer() {
	s.outT <- s.last // want `s.last is sent on s.outT but stays reachable from s.last`
	s.n++
}

// SendMap sends a map field.
func (s *Server) SendMap() {
	s.outM <- s.counts // want `s.counts is sent on s.outM but stays reachable from s.counts`
}

func give(ch chan []int, b []int) { ch <- b }

// GiveField gives a field up through a call.
func (s *Server) GiveField() {
	give(s.out, s.batch) // want `s.batch is given up by fixes.give`
}

// Loop is P#'s list manager: the send is the body of a select case.
func (s *Server) Loop() {
	for {
		select {
		case v := <-s.inbox:
			s.list = append(s.list, v) // want `s.list is written after it was sent on s.out`
		case <-s.get:
			s.out <- s.list // want `s.list is sent on s.out but stays reachable from s.list`
		}
	}
}

// KeptTwice keeps the slice in another field too: resetting one would
// not do.
func (s *Server) KeptTwice() {
	s.copy = s.kept
	s.out <- s.kept // want `s.kept is sent on s.out but stays reachable from s.(kept|copy)`
}

// SendHeader sends a struct held by value: nothing to reset.
func (s *Server) SendHeader() {
	s.outH <- s.hdr // want `s.hdr is sent on s.outH but stays reachable from s.hdr`
}

func (h Hdr) touch() { h.p.n++ }

func trySend(ch chan []int, b []int) bool {
	ch <- b
	return true
}

// SendInExpression sends inside an expression: no statement to follow.
func (s *Server) SendInExpression() bool {
	return trySend(s.out, s.tried) // want `s.tried is given up by fixes.trySend`
}

// OneLine sends on a line it shares with the method's braces.
func (s *Server) OneLine() { s.out <- s.one } // want `s.one is sent on s.out but stays reachable from s.one`

// SendRing sends a buffer that another method indexes: nil would panic
// there.
func (s *Server) SendRing() {
	s.out <- s.ring // want `s.ring is sent on s.out but stays reachable from s.ring`
}

func (s *Server) setRing(x int) { s.ring[0] = x }

// SendCurrent sends a pointer that another method dereferences.
func (s *Server) SendCurrent() {
	s.outT <- s.cur // want `s.cur is sent on s.outT but stays reachable from s.cur`
}

func (s *Server) bump() { s.cur.n++ }

// SendAndCount reads the field after the send: it would read the reset.
func (s *Server) SendAndCount() {
	s.out <- s.sent // want `s.sent is sent on s.out but stays reachable from s.sent`
	s.total += len(s.sent)
}

// SendExported sends an exported field, which other packages may use.
func (s *Server) SendExported() {
	s.out <- s.Pub // want `s.Pub is sent on s.out but stays reachable from s.Pub`
}

func fill(b []int) { b[0] = 1 }

// Spawn hands a field to a goroutine, which may be filling it for a
// later call to read.
func (s *Server) Spawn() {
	go fill(s.spawned) // want `s.spawned is handed to a new goroutine but stays reachable from s.spawned`
}

// Aligned sends on a line whose comment gofmt aligns with the next one's:
// a line in between would change their alignment.
func (s *Server) Aligned() {
	s.out <- s.aligned // want `s.aligned is sent on s.out but stays reachable from s.aligned`
	s.n++              // and count it
}

// SendTwice and SendAgain send the same field: after a reset, the other
// would send nil.
func (s *Server) SendTwice() {
	s.out <- s.twice // want `s.twice is sent on s.out but stays reachable from s.twice`
}

func (s *Server) SendAgain() {
	s.out <- s.twice // want `s.twice is sent on s.out but stays reachable from s.twice`
}

// SendGroups sends a map whose values another method indexes: a lookup
// in a nil map gives a nil slice.
func (s *Server) SendGroups() {
	s.outG <- s.groups // want `s.groups is sent on s.outG but stays reachable from s.groups`
}

func (s *Server) first() int { return s.groups["a"][0] }

// Start starts the receivers.
func Start(s *Server) {
	go sinks(s)
	s.hdr.touch()
	s.setRing(1)
	s.bump()
	s.first()
}
