package actors

import "github.com/anthdm/hollywood/actor"

// Dispatcher gives up its message through a chain of calls.
type Dispatcher struct {
	next *actor.PID
}

func (d *Dispatcher) dispatch(c *actor.Context, o *Order) { d.relay(c, o) }

func (d *Dispatcher) relay(c *actor.Context, o *Order) { c.Send(d.next, o) }

func (d *Dispatcher) Receive(c *actor.Context) {
	if o, ok := c.Message().(*Order); ok {
		d.dispatch(c, o)
		o.Notes = nil // want `o is written after it was given up by \(\*actors.Dispatcher\).dispatch \(line \d+\), which passes it to \(\*actors.Dispatcher\).relay at callee.go:\d+, which passes it to \(\*actor.Context\).Send at callee.go:\d+`
	}
}

// Checker reads in a callee before dispatching: quiet.
type Checker struct {
	next *actor.PID
}

func (k *Checker) valid(o *Order) bool { return o.ID > 0 && len(o.Items) > 0 }

func (k *Checker) Receive(c *actor.Context) {
	if o, ok := c.Message().(*Order); ok && k.valid(o) {
		c.Send(k.next, o)
	}
}
