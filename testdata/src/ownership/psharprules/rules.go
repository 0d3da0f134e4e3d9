// Package psharprules ports the rules of P#'s static ownership analysis
// (seed 000, §5; thesis 003, §4.4) to actor handlers, one racy and one
// race-free handler per rule, written on the ergo stand-in: a send is
// (gen.Process).Send, a create-machine is (gen.Process).Spawn with its
// initial event.
package psharprules

import (
	"ergo.services/ergo/act"
	"ergo.services/ergo/gen"
)

// Event is a payload that carries mutable memory.
type Event struct {
	Seq  int
	Log  []int
	Next *Event
}

type machine struct {
	act.Actor
	peer gen.PID
	cur  *Event
	n    int
}

// Rule 1, access after send: the sender must not touch the event again.

type AfterSend struct{ machine }

func (m *AfterSend) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.Send(m.peer, e)
	e.Seq = 1 // want `e is written after it was sent with \(gen.Process\).Send \(line \d+\)`
	return nil
}

type BeforeSend struct{ machine }

func (m *BeforeSend) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	e.Seq = 1
	m.Send(m.peer, e)
	return nil
}

// Rule 2, access after create-machine: the initial event of a new machine
// is given up like a sent one.

func newPeer() gen.ProcessBehavior { return &AfterSend{} }

type AfterCreate struct{ machine }

func (m *AfterCreate) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.Spawn(newPeer, gen.ProcessOptions{}, e)
	e.Log = append(e.Log, 1) // want `e is written after it was sent with \(gen.Process\).Spawn \(line \d+\)`
	return nil
}

type BeforeCreate struct{ machine }

func (m *BeforeCreate) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	e.Log = append(e.Log, 1)
	m.Spawn(newPeer, gen.ProcessOptions{}, e)
	return nil
}

// Rule 3, through a callee: a method that writes the event after the send
// touches it; one that touches only other memory does not.

func (m *machine) stamp(e *Event) { e.Seq = m.n }

func (m *machine) count() { m.n++ }

type CalleeReads struct{ machine }

func (m *CalleeReads) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.Send(m.peer, e)
	m.stamp(e) // want `e is passed to \(\*psharprules.machine\).stamp after it was sent with \(gen.Process\).Send \(line \d+\)`
	return nil
}

type CalleeOther struct{ machine }

func (m *CalleeOther) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.Send(m.peer, e)
	m.count()
	return nil
}

// Rule 4, a field that aliases a sent event: the machine's state must not
// keep what it gave up.

type FieldAlias struct{ machine }

func (m *FieldAlias) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.cur = e
	m.Send(m.peer, e) // want `e is sent with \(gen.Process\).Send but stays reachable from m.machine.cur`
	return nil
}

type FieldReset struct{ machine }

func (m *FieldReset) HandleMessage(from gen.PID, message any) error {
	e := m.cur
	m.cur = nil
	if e != nil {
		m.Send(m.peer, e)
	}
	return nil
}
