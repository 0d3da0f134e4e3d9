// Package chameneos is a Go port of the Chameneos benchmark of the P# suite
// (originally from the SOTER study): the chameneos-redux game, written with
// plain goroutines and channels. This is the racy variant; it has the same
// machines as the race-free one and these mistakes:
//
//   - a creature allocates its *MeetRequest once and reuses it: it updates
//     the colour of the request it sent for the last meeting, and sends it
//     again, while its last partner may still be reading that colour;
//   - Census.recordMeeting counts a meeting that does not change the colour
//     on a fast path that does not take the census lock.
//
// Machines:
//
//   - Broker: the meeting place. Creatures ask it for a meeting with a
//     *MeetRequest; it keeps the first one waiting, pairs it with the next one
//     and tells both creatures whom they met (the *Meeting carries the
//     partner's request). After the fixed number of meetings it answers every
//     request with a stop meeting and returns once all creatures stopped.
//   - Creature: repeatedly asks for a meeting; on a meeting it takes the
//     complement of its own and its partner's colour, records the meeting in
//     its own history and in the shared Census, and asks again. On a stop
//     meeting it sends its Summary to the game and returns.
//   - Run plays the game: it starts the broker and the creatures and collects
//     their summaries.
//
// The Census is shared by all creatures and guarded by a mutex: it counts the
// meetings and how many creatures currently have each colour.
package chameneos

import (
	"fmt"
	"sync"
)

// Colour of a creature.
type Colour int

// The three colours of the game.
const (
	Blue Colour = iota
	Red
	Yellow
)

func (c Colour) String() string {
	switch c {
	case Blue:
		return "blue"
	case Red:
		return "red"
	case Yellow:
		return "yellow"
	}
	return fmt.Sprintf("Colour(%d)", int(c))
}

// Complement is the colour two creatures of colours a and b both take when
// they meet.
func Complement(a, b Colour) Colour {
	if a == b {
		return a
	}
	return 3 - a - b
}

// MeetRequest asks the broker for a meeting. It is not changed once sent:
// the broker and the partner only read it.
type MeetRequest struct {
	Creature int
	Colour   Colour
	Reply    chan<- *Meeting
}

// Meeting tells a creature whom it met, or that the game is over.
type Meeting struct {
	Seq     int
	Partner *MeetRequest
	Stop    bool
}

// Summary is what a creature reports when it stops.
type Summary struct {
	Creature int
	Initial  Colour
	Final    Colour
	Meetings int
	SelfMet  int
	Partners []Colour // colour of the partner at every meeting
}

// Census is shared by all creatures of a game.
type Census struct {
	mu       sync.Mutex
	meetings int
	count    [3]int
}

func (s *Census) join(c Colour) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count[c]++
}

func (s *Census) recordMeeting(from, to Colour) {
	if from == to {
		s.meetings++ // race: the fast path skips the lock the other creatures take
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.meetings++
	s.count[from]--
	s.count[to]++
}

// Snapshot returns the number of creature meetings (each meeting counts
// twice, once per creature) and the current colour counts.
func (s *Census) Snapshot() (int, [3]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.meetings, s.count
}

// Broker is the meeting place.
type Broker struct {
	requests  chan *MeetRequest
	max       int
	creatures int
	meetings  int
	stopped   int
	waiting   *MeetRequest
}

func (b *Broker) run(done chan<- int) {
	for req := range b.requests {
		b.onRequest(req)
		if b.stopped == b.creatures {
			done <- b.meetings
			return
		}
	}
}

func (b *Broker) onRequest(req *MeetRequest) {
	if b.meetings == b.max {
		req.Reply <- &Meeting{Stop: true}
		b.stopped++
		return
	}
	if b.waiting == nil {
		b.waiting = req
		return
	}
	first := b.waiting
	b.waiting = nil
	b.meetings++
	first.Reply <- &Meeting{Seq: b.meetings, Partner: req}
	req.Reply <- &Meeting{Seq: b.meetings, Partner: first}
}

// Creature is one chameneos.
type Creature struct {
	id      int
	initial Colour
	colour  Colour
	broker  chan<- *MeetRequest
	inbox   chan *Meeting
	census  *Census

	req      *MeetRequest
	meetings int
	selfMet  int
	partners []Colour
}

func (c *Creature) run(report chan<- *Summary) {
	c.census.join(c.colour)
	c.req = &MeetRequest{Creature: c.id, Reply: c.inbox}
	for {
		c.requestMeeting()
		m := <-c.inbox
		if m.Stop {
			c.onStop(report)
			return
		}
		c.onMeeting(m)
	}
}

func (c *Creature) requestMeeting() {
	c.req.Colour = c.colour // race: the request was sent before and the last partner may still read its colour
	c.broker <- c.req
}

func (c *Creature) onMeeting(m *Meeting) {
	partner := m.Partner
	if partner.Creature == c.id {
		c.selfMet++
	}
	c.partners = append(c.partners, partner.Colour)
	old := c.colour
	c.colour = Complement(c.colour, partner.Colour)
	c.meetings++
	c.census.recordMeeting(old, c.colour)
}

func (c *Creature) onStop(report chan<- *Summary) {
	report <- &Summary{Creature: c.id, Initial: c.initial, Final: c.colour,
		Meetings: c.meetings, SelfMet: c.selfMet, Partners: c.partners}
}

// Result of a game.
type Result struct {
	Meetings  int // meetings arranged by the broker
	Summaries []*Summary
	Census    *Census
}

// Run plays a game of n meetings between creatures of the given colours.
func Run(colours []Colour, n int) *Result {
	census := &Census{}
	broker := &Broker{requests: make(chan *MeetRequest), max: n, creatures: len(colours)}
	brokerDone := make(chan int, 1)
	go broker.run(brokerDone)

	report := make(chan *Summary, len(colours))
	for i, col := range colours {
		c := &Creature{id: i + 1, initial: col, colour: col, broker: broker.requests,
			inbox: make(chan *Meeting, 1), census: census}
		go c.run(report)
	}
	res := &Result{Census: census}
	for range colours {
		res.Summaries = append(res.Summaries, <-report)
	}
	res.Meetings = <-brokerDone
	return res
}
