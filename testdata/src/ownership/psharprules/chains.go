package psharprules

import "ergo.services/ergo/gen"

// Rule 5, gives-up through a chain of calls: a callee that sends its
// parameter, however deep, gives it up for its callers.

func (m *machine) forward(e *Event) { m.relay(e) }

func (m *machine) relay(e *Event) { m.Send(m.peer, e) }

type Chain struct{ machine }

func (m *Chain) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.forward(e)
	e.Seq++ // want `e is written after it was given up by \(\*psharprules.machine\).forward \(line \d+\), which passes it to \(\*psharprules.machine\).relay at chains.go:\d+, which passes it to \(gen.Process\).Send at chains.go:\d+; whoever receives it may be using it concurrently`
	return nil
}

type ChainCopy struct{ machine }

func (m *ChainCopy) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	m.forward(&Event{Seq: e.Seq})
	e.Seq++
	return nil
}

// Rule 6, loops: an event sent in one iteration must not be sent or
// touched in the next; a new event per iteration is fine.

type LoopSame struct{ machine }

func (m *LoopSame) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	for i := 0; i < 3; i++ {
		e.Seq = i // want `e is written after it was sent with \(gen.Process\).Send \(line \d+\)`
		m.Send(m.peer, e)
	}
	return nil
}

type LoopFresh struct{ machine }

func (m *LoopFresh) HandleMessage(from gen.PID, message any) error {
	for i := 0; i < 3; i++ {
		e := &Event{Seq: i}
		m.Send(m.peer, e)
	}
	return nil
}

// Rule 7, branches: a send on one branch gives the event up on the paths
// through it; an access on the other branch only is fine.

type BranchJoin struct{ machine }

func (m *BranchJoin) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	if m.n > 0 {
		m.Send(m.peer, e)
	}
	e.Seq = m.n // want `e is written after it was sent with \(gen.Process\).Send \(line \d+\)`
	return nil
}

type BranchApart struct{ machine }

func (m *BranchApart) HandleMessage(from gen.PID, message any) error {
	e := &Event{}
	if m.n > 0 {
		m.Send(m.peer, e)
	} else {
		e.Seq = m.n
	}
	return nil
}
