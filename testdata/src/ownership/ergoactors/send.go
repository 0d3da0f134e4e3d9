// Package ergoactors holds ergo actors, racy and race-free, for the
// ownership rules over actor handlers (ergo.services/ergo v3, through the
// stand-in under testdata/src/ergo.services).
package ergoactors

import (
	"time"

	"ergo.services/ergo/act"
	"ergo.services/ergo/gen"
)

// Order is a message that carries mutable memory.
type Order struct {
	ID    int
	Items []string
}

// Relay passes the orders it receives on to the next process.
type Relay struct {
	act.Actor
	next gen.PID
	last *Order
}

// HandleMessage sends the delivered order on and then touches it, or keeps
// a new one in a field after sending it.
func (r *Relay) HandleMessage(from gen.PID, message any) error {
	switch m := message.(type) {
	case *Order:
		r.Send(r.next, m)
		m.ID++ // want `m is written after it was sent with \(gen.Process\).Send \(line \d+\); whoever receives it may be using it concurrently`
	case string:
		o := &Order{Items: []string{m}}
		r.SendPID(r.next, o)
		r.last = o // want `o is stored into r.last after it was sent with \(gen.Process\).SendPID \(line \d+\); whoever receives it may be using it concurrently`
	}
	return nil
}

// Fresh changes the delivered order while it owns it, then sends it, and
// builds a new message for every other send: quiet.
type Fresh struct {
	act.Actor
	next gen.PID
	sent int
}

func (f *Fresh) HandleMessage(from gen.PID, message any) error {
	if m, ok := message.(*Order); ok {
		m.ID++
		id := m.ID
		f.Send(f.next, m)
		f.sent += id
		for i := 0; i < 3; i++ {
			f.Send(f.next, &Order{ID: i})
		}
	}
	return nil
}

// Later sends a message after a delay and changes it meanwhile.
type Later struct {
	act.Actor
}

func (l *Later) HandleMessage(from gen.PID, message any) error {
	o := &Order{}
	l.SendAfter(l.PID(), o, time.Second)
	o.ID = 1 // want `o is written after it was sent with \(gen.Process\).SendAfter \(line \d+\); whoever receives it may be using it concurrently`
	return nil
}
