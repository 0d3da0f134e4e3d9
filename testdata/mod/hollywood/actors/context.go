package actors

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Keeper keeps the context of a message past its handler.
type Keeper struct {
	ctx  *actor.Context
	next *actor.PID
}

func (k *Keeper) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		k.ctx = c // want `c, the \*actor.Context of the message being handled, is stored into k.ctx; the framework reuses it for the next message, so it must not outlive \(\*Keeper\).Receive`
	case string:
		go func() { // want `c, the \*actor.Context of the message being handled, is captured by a function literal that runs on a new goroutine`
			c.Send(k.next, "late")
		}()
		time.AfterFunc(time.Second, func() { // want `c, the \*actor.Context of the message being handled, is captured by a function literal that is handed to time.AfterFunc`
			c.Send(k.next, "later")
		})
	}
}

// Local uses its context only while handling the message, also through a
// function literal it calls itself: quiet.
type Local struct {
	next *actor.PID
}

func (l *Local) Receive(c *actor.Context) {
	send := func(msg string) { c.Send(l.next, msg) }
	if s, ok := c.Message().(string); ok {
		send(s)
		pid := c.PID() // what the context returns may outlive it
		go func() { _ = pid.String() }()
	}
}
