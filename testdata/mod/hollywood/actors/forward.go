package actors

import "github.com/anthdm/hollywood/actor"

// Router forwards the current message and then touches it.
type Router struct {
	next *actor.PID
}

func (r *Router) Receive(c *actor.Context) {
	if o, ok := c.Message().(*Order); ok {
		c.Forward(r.next)
		o.Items = nil // want `c.Message\(\) is written after it was sent with \(\*actor.Context\).Forward \(line \d+\); whoever receives it may be using it concurrently`
	}
}

// Filter reads the message before forwarding it: quiet.
type Filter struct {
	next *actor.PID
	seen int
}

func (f *Filter) Receive(c *actor.Context) {
	if o, ok := c.Message().(*Order); ok && o.ID > 0 {
		f.seen += o.ID
		c.Forward(f.next)
	}
}
