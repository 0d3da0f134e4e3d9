// Package goaktactors holds GoAkt actors, racy and race-free, for the
// ownership rules over actor handlers (github.com/tochemey/goakt/v4,
// through the stand-in under testdata/src/github.com/tochemey).
package goaktactors

import (
	"context"
	"time"

	"github.com/tochemey/goakt/v4/actor"
)

// Order is a message that carries mutable memory.
type Order struct {
	ID    int
	Items []string
}

// base gives the actors their lifecycle methods.
type base struct{}

func (base) PreStart(*actor.Context) error { return nil }
func (base) PostStop(*actor.Context) error { return nil }

// Relay tells the next actor the orders it receives.
type Relay struct {
	base
	next *actor.PID
	last *Order
}

// Receive tells the delivered order on and then touches it, or keeps a new
// one in a field after telling it.
func (r *Relay) Receive(ctx *actor.ReceiveContext) {
	switch m := ctx.Message().(type) {
	case *Order:
		ctx.Tell(r.next, m)
		m.ID++ // want `m is written after it was sent with \(\*actor.ReceiveContext\).Tell \(line \d+\); whoever receives it may be using it concurrently`
	case string:
		o := &Order{Items: []string{m}}
		ctx.Tell(r.next, o)
		r.last = o // want `o is stored into r.last after it was sent with \(\*actor.ReceiveContext\).Tell \(line \d+\); whoever receives it may be using it concurrently`
	}
}

// Fresh changes the delivered order while it owns it and makes a new
// message for every other send: quiet.
type Fresh struct {
	base
	next *actor.PID
	sent int
}

func (f *Fresh) Receive(ctx *actor.ReceiveContext) {
	if m, ok := ctx.Message().(*Order); ok {
		m.ID++
		id := m.ID
		ctx.Tell(f.next, m)
		f.sent += id
		for i := 0; i < 3; i++ {
			ctx.Tell(f.next, &Order{ID: i})
		}
	}
}

// Asker asks and changes the request afterwards; the answer is its own.
type Asker struct {
	base
	server *actor.PID
}

func (a *Asker) Receive(ctx *actor.ReceiveContext) {
	req := &Order{}
	resp := ctx.Ask(a.server, req, time.Second)
	req.ID = 1 // want `req is written after it was sent with \(\*actor.ReceiveContext\).Ask \(line \d+\); whoever receives it may be using it concurrently`
	if o, ok := resp.(*Order); ok {
		o.ID++ // quiet: the answer belongs to the asker
	}
}

// Ledger responds with its own state and keeps changing it.
type Ledger struct {
	base
	totals *Order
}

func (l *Ledger) Receive(ctx *actor.ReceiveContext) {
	if l.totals == nil {
		l.totals = &Order{}
	}
	ctx.Response(l.totals) // want `l.totals is sent with \(\*actor.ReceiveContext\).Response but stays reachable from l.totals; whoever receives it may be using it concurrently`
	l.totals.ID++          // want `l.totals is written after it was sent with \(\*actor.ReceiveContext\).Response \(line \d+\)`
}

// Batch tells a batch and then changes one of its messages.
type Batch struct {
	base
	next *actor.PID
}

func (b *Batch) Receive(ctx *actor.ReceiveContext) {
	first := &Order{}
	ctx.BatchTell(b.next, first, &Order{ID: 2})
	first.ID = 1 // want `first is written after it was sent with \(\*actor.ReceiveContext\).BatchTell \(line \d+\); whoever receives it may be using it concurrently`
}

// Forwarder forwards the message it handles and then changes it.
type Forwarder struct {
	base
	next *actor.PID
}

func (f *Forwarder) Receive(ctx *actor.ReceiveContext) {
	if m, ok := ctx.Message().(*Order); ok {
		ctx.Forward(f.next)
		m.ID = 0 // want `ctx.Message\(\) is written after it was sent with \(\*actor.ReceiveContext\).Forward`
	}
}

// Outside tells from outside any actor and changes the message.
func Outside(pid, to *actor.PID) {
	o := &Order{}
	pid.Tell(context.Background(), to, o)
	o.Items = append(o.Items, "x") // want `o is written after it was sent with \(\*actor.PID\).Tell \(line \d+\); whoever receives it may be using it concurrently`
}
