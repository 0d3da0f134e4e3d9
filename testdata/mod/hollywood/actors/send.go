// Package actors holds Hollywood actors, racy and race-free, one file per
// rule of the ownership analysis over actor handlers.
package actors

import "github.com/anthdm/hollywood/actor"

// Order is a message that carries mutable memory.
type Order struct {
	ID    int
	Items []string
	Notes map[string]string
}

// Relay forwards the orders it receives to the next actor.
type Relay struct {
	next *actor.PID
	last *Order
	seen int
}

// Receive sends the delivered order on and then touches it: the next actor
// may be reading it.
func (r *Relay) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Order:
		c.Send(r.next, m)
		m.ID++ // want `m is written after it was sent with \(\*actor.Context\).Send \(line \d+\); whoever receives it may be using it concurrently`
	case string:
		o := &Order{Items: []string{m}}
		c.Send(r.next, o)
		r.last = o // want `o is stored into r.last after it was sent with \(\*actor.Context\).Send \(line \d+\); whoever receives it may be using it concurrently`
	}
}

// Fresh builds a new message for every send and reads only what it kept
// of its own: quiet.
type Fresh struct {
	next *actor.PID
	sent int
}

func (f *Fresh) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Order:
		m.ID++ // the delivered order is this actor's own until it sends it
		id := m.ID
		c.Send(f.next, m)
		f.sent += id
		for i := 0; i < 3; i++ {
			c.Send(f.next, &Order{ID: i})
		}
	}
}

// Kick sends from outside any actor, through the engine.
func Kick(e *actor.Engine, pid *actor.PID) {
	o := &Order{Notes: map[string]string{}}
	e.Send(pid, o)
	o.Notes["by"] = "kick" // want `o is written after it was sent with \(\*actor.Engine\).Send \(line \d+\); whoever receives it may be using it concurrently`
}

// KickCopy sends a copy and keeps the original: quiet.
func KickCopy(e *actor.Engine, pid *actor.PID, o *Order) {
	c := &Order{ID: o.ID, Items: append([]string(nil), o.Items...)}
	e.Send(pid, c)
	o.Items = append(o.Items, "more")
}
