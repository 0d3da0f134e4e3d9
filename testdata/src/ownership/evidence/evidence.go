// Package evidence tests the write a report of kept memory shows as its
// evidence: the race is that write, while the receiver holds the memory.
package evidence

// Ballot is sent to acceptors and kept by its proposer.
type Ballot struct {
	Round int
}

// Prepare carries a ballot.
type Prepare struct {
	B *Ballot
}

// Proposer keeps the ballot it sends.
type Proposer struct {
	ballot *Ballot
	out    chan *Prepare
}

func (p *Proposer) retry() {
	p.ballot.Round++
}

func (p *Proposer) prepare() {
	p.ballot = &Ballot{}
	p.out <- &Prepare{B: p.ballot} // want `&Prepare{…} is sent on p.out but stays reachable from p.ballot`
}

// Note is sent and kept, but nothing writes it after construction: quiet.
type Note struct {
	Text string
}

// Scribe keeps the note it sends.
type Scribe struct {
	note *Note
	out  chan *Note
}

func (s *Scribe) send() {
	s.note = &Note{Text: "hi"}
	s.out <- s.note
}
