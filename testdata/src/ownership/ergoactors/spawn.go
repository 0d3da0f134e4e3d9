package ergoactors

import (
	"ergo.services/ergo/act"
	"ergo.services/ergo/gen"
)

func factory() gen.ProcessBehavior { return &Relay{} }

// Parent hands a configuration to a child process it spawns (P#'s
// create-machine with an initial event) and changes it afterwards.
type Parent struct {
	act.Actor
}

func (p *Parent) HandleMessage(from gen.PID, message any) error {
	cfg := &Order{ID: 1}
	p.Spawn(factory, gen.ProcessOptions{}, cfg)
	cfg.ID = 2 // want `cfg is written after it was sent with \(gen.Process\).Spawn \(line \d+\); whoever receives it may be using it concurrently`

	own := &Order{ID: 1}
	own.ID++ // before the spawn: quiet
	p.Spawn(factory, gen.ProcessOptions{}, own)
	return nil
}

// Dispatcher gives up its message through a chain of calls.
type Dispatcher struct {
	act.Actor
	next gen.PID
}

func (d *Dispatcher) dispatch(o *Order) { d.relay(o) }

func (d *Dispatcher) relay(o *Order) { d.Send(d.next, o) }

func (d *Dispatcher) HandleMessage(from gen.PID, message any) error {
	if o, ok := message.(*Order); ok {
		d.dispatch(o)
		o.Items = nil // want `o is written after it was given up by \(\*ergoactors.Dispatcher\).dispatch \(line \d+\), which passes it to \(\*ergoactors.Dispatcher\).relay at spawn.go:\d+, which passes it to \(gen.Process\).Send at spawn.go:\d+`
	}
	return nil
}
