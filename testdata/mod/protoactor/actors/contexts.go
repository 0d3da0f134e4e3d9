package actors

import "github.com/asynkron/protoactor-go/actor"

// Late reads the message being handled from a goroutine: by then the
// context may hold the next message.
type Late struct{}

func (l *Late) Receive(c actor.Context) {
	if _, ok := c.Message().(string); ok {
		go func() { // want `c, the actor.Context of the message being handled, is captured by a function literal that runs on a new goroutine; the framework reuses it for the next message, so it must not outlive \(\*Late\).Receive`
			_ = c.Message()
		}()
	}
}

// Ticker's goroutine only sends to itself through the context, which
// reads what the context was built with (the actor system, the PID), not
// the message: no evidence of a race, quiet by default.
type Ticker struct{}

func (t *Ticker) Receive(c actor.Context) {
	if _, ok := c.Message().(*actor.Started); ok {
		go func() {
			c.Send(c.Self(), "tick")
		}()
	}
}
