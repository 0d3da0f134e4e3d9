package xsa

// Actors that send a field and stop themselves: the framework hands them
// only Stopping and Stopped afterwards (stops.go of the xsa pass).

import "github.com/asynkron/protoactor-go/actor"

// Finish asks an actor to report and stop.
type Finish struct{}

// Finisher sends its batch and stops: the next handler runs only on
// Stopping and Stopped, whose cases do not read the batch. Quiet.
type Finisher struct {
	owner *actor.PID
	batch []*Entry
}

func (f *Finisher) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		f.batch = append(f.batch, m)
	case Finish:
		ctx.Send(f.owner, f.batch)
		ctx.Stop(ctx.Self())
	case *actor.Stopped:
		f.owner = nil
	}
}

// Poisoned poisons itself instead: the messages already queued are still
// handled, and the next Entry appends to what was sent. Reported.
type Poisoned struct {
	owner *actor.PID
	batch []*Entry
}

func (p *Poisoned) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		p.batch = append(p.batch, m)
	case Finish:
		ctx.Send(p.owner, p.batch) // want `p.batch is sent with \(actor.senderPart\).Send but stays reachable from p.batch`
		ctx.Poison(ctx.Self())
	}
}

// StopsOther stops another actor: it goes on itself. Reported.
type StopsOther struct {
	owner, peer *actor.PID
	batch       []*Entry
}

func (s *StopsOther) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		s.batch = append(s.batch, m)
	case Finish:
		ctx.Send(s.owner, s.batch) // want `s.batch is sent with \(actor.senderPart\).Send but stays reachable from s.batch`
		ctx.Stop(s.peer)
	}
}

// Parent has a child, which it waits for while stopping, taking user
// messages meanwhile. Reported.
type Parent struct {
	owner *actor.PID
	batch []*Entry
}

func (p *Parent) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		ctx.Spawn(actor.PropsFromProducer(func() actor.Actor { return &Finisher{} }))
	case *Entry:
		p.batch = append(p.batch, m)
	case Finish:
		ctx.Send(p.owner, p.batch) // want `p.batch is sent with \(actor.senderPart\).Send but stays reachable from p.batch`
		ctx.Stop(ctx.Self())
	}
}

// Flusher reads its batch again when it is told it is stopping.
// Reported.
type Flusher struct {
	owner *actor.PID
	batch []*Entry
}

func (f *Flusher) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		f.batch = append(f.batch, m)
	case Finish:
		ctx.Send(f.owner, f.batch) // want `f.batch is sent with \(actor.senderPart\).Send but stays reachable from f.batch`
		ctx.Stop(ctx.Self())
	case *actor.Stopping:
		f.batch = append(f.batch, &Entry{})
	}
}
