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

// Entry is kept by an acceptor, which stamps it again, and written by the
// learner it is sent to: both halves of the race are evidence, the
// keeper's write first.
type Entry struct {
	Ballot int
}

// Acceptor keeps the entry it sends.
type Acceptor struct {
	kept *Entry
	out  chan *Entry
}

func (a *Acceptor) restamp() {
	a.kept.Ballot++
}

func (a *Acceptor) promise() {
	a.out <- a.kept // want `a.kept is sent on a.out but stays reachable from a.kept`
}

func learn(in chan *Entry) {
	for e := range in {
		e.Ballot = 0
	}
}
