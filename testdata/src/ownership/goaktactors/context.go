package goaktactors

import (
	"time"

	"github.com/tochemey/goakt/v4/actor"
)

// Keeper keeps the context of a message past its handler; GoAkt takes it
// from a pool and reuses it for another message.
type Keeper struct {
	base
	ctx  *actor.ReceiveContext
	next *actor.PID
}

func (k *Keeper) Receive(ctx *actor.ReceiveContext) {
	switch ctx.Message().(type) {
	case int:
		k.ctx = ctx // want `ctx, the \*actor.ReceiveContext of the message being handled, is stored into k.ctx; the framework reuses it for the next message, so it must not outlive \(\*Keeper\).Receive`
	case string:
		go func() { // want `ctx, the \*actor.ReceiveContext of the message being handled, is captured by a function literal that runs on a new goroutine`
			ctx.Tell(k.next, "late")
		}()
		time.AfterFunc(time.Second, func() { // want `ctx, the \*actor.ReceiveContext of the message being handled, is captured by a function literal that is handed to time.AfterFunc`
			ctx.Tell(k.next, "later")
		})
	}
}

// Local uses its context only while handling the message: quiet.
type Local struct {
	base
	next *actor.PID
}

func (l *Local) Receive(ctx *actor.ReceiveContext) {
	tell := func(msg string) { ctx.Tell(l.next, msg) }
	if s, ok := ctx.Message().(string); ok {
		tell(s)
		self := ctx.Self() // what the context returns may outlive it
		go func() { _ = self.Name() }()
	}
}

// Stateful changes behaviour; the next behaviour is a method of the same
// actor, run on its goroutine: quiet.
type Stateful struct {
	base
	count int
}

func (s *Stateful) Receive(ctx *actor.ReceiveContext) {
	s.count++
	ctx.Become(s.busy)
}

func (s *Stateful) busy(ctx *actor.ReceiveContext) {
	s.count--
	ctx.UnBecome()
}
