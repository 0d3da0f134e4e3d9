package actors

import (
	"slices"

	"github.com/anthdm/hollywood/actor"
)

// Ledger answers requests with its totals.
type Ledger struct {
	totals *Order
	count  int
}

// Receive responds with its own state and keeps changing it: the requester
// reads it concurrently.
func (l *Ledger) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		l.totals = &Order{Notes: map[string]string{}}
	case string:
		c.Respond(l.totals) // want `l.totals is sent with \(\*actor.Context\).Respond but stays reachable from l.totals; whoever receives it may be using it concurrently`
		l.count++
	}
}

// Snapshot responds with a copy: quiet.
type Snapshot struct {
	totals Order
}

func (s *Snapshot) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case string:
		c.Respond(&Order{ID: s.totals.ID, Items: slices.Clone(s.totals.Items)})
		s.totals.ID++
	}
}

// Broadcast publishes an event and then changes it.
func Broadcast(e *actor.Engine) {
	ev := &Order{ID: 1}
	e.BroadcastEvent(ev)
	ev.ID = 2 // want `ev is written after it was sent with \(\*actor.Engine\).BroadcastEvent \(line \d+\); whoever receives it may be using it concurrently`
}

// Ticker re-sends one object every interval: it is given up for good.
func Ticker(e *actor.Engine, pid *actor.PID) {
	tick := &Order{}
	e.SendRepeat(pid, tick, 1000)
	tick.ID = 7 // want `tick is written after it was sent with \(\*actor.Engine\).SendRepeat \(line \d+\); whoever receives it may be using it concurrently`
}
