// Package actors holds protoactor-go actors, racy and race-free.
package actors

import "github.com/asynkron/protoactor-go/actor"

// Order is a message that carries mutable memory.
type Order struct {
	ID    int
	Items []string
}

// Relay sends the delivered order on through the context and touches it.
type Relay struct {
	next *actor.PID
	last *Order
}

func (r *Relay) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *Order:
		c.Send(r.next, m)
		m.ID++ // want `m is written after it was sent with \(actor.senderPart\).Send \(line \d+\); whoever receives it may be using it concurrently`
	case string:
		o := &Order{Items: []string{m}}
		c.Request(r.next, o)
		r.last = o // want `o is stored into r.last after it was sent with \(actor.senderPart\).Request \(line \d+\); whoever receives it may be using it concurrently`
	}
}

// Fresh owns what it is delivered until it sends it: quiet.
type Fresh struct {
	next *actor.PID
	sum  int
}

func (f *Fresh) Receive(c actor.Context) {
	if m, ok := c.Message().(*Order); ok {
		m.ID++
		f.sum += m.ID
		c.Send(f.next, m)
		c.Send(f.next, &Order{ID: f.sum})
	}
}

// Responder answers with its own state.
type Responder struct {
	state *Order
}

func (r *Responder) Receive(c actor.Context) {
	switch c.Message().(type) {
	case *actor.Started:
		r.state = &Order{}
	case string:
		c.Respond(r.state) // want `r.state is sent with \(actor.basePart\).Respond but stays reachable from r.state; whoever receives it may be using it concurrently`
	}
}

// Router forwards the current message and then touches it.
type Router struct {
	next *actor.PID
}

func (r *Router) Receive(c actor.Context) {
	if o, ok := c.Message().(*Order); ok {
		c.Forward(r.next)
		o.Items = nil // want `c.Message\(\) is written after it was sent with \(actor.basePart\).Forward \(line \d+\); whoever receives it may be using it concurrently`
	}
}

// Root sends from outside any actor.
func Root(system *actor.ActorSystem, pid *actor.PID) {
	o := &Order{}
	system.Root.Send(pid, o)
	o.ID = 1                             // want `o is written after it was sent with \(\*actor.RootContext\).Send \(line \d+\); whoever receives it may be using it concurrently`
	system.EventStream.Publish(&Order{}) // a new event: quiet
	ev := &Order{}
	system.EventStream.Publish(ev)
	ev.ID = 2 // want `ev is written after it was sent with \(\*eventstream.EventStream\).Publish \(line \d+\); whoever receives it may be using it concurrently`
}

// Keeper keeps its context past the handler.
type Keeper struct {
	ctx actor.Context
}

func (k *Keeper) Receive(c actor.Context) {
	if _, ok := c.Message().(*actor.Started); ok {
		k.ctx = c // want `c, the actor.Context of the message being handled, is stored into k.ctx`
	}
}

// FuncActor runs a function literal as an actor that shares a variable
// with its spawner.
func FuncActor(system *actor.ActorSystem) {
	count := 0
	props := actor.PropsFromFunc(func(c actor.Context) { count++ })
	system.Root.Spawn(props)
	count = 5 // want `count is written after it was passed to actor.PropsFromFunc \(line \d+\); the goroutine may be using it concurrently`
}
