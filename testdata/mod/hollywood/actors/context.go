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
		// Respond reads the sender, which the engine rewrites for the
		// next message.
		go func() { // want `c, the \*actor.Context of the message being handled, is captured by a function literal that runs on a new goroutine`
			c.Respond("late")
		}()
		time.AfterFunc(time.Second, func() { // want `c, the \*actor.Context of the message being handled, is captured by a function literal that is handed to time.AfterFunc`
			c.Send(c.Sender(), "later")
		})
	}
}

// Notifier's goroutine sends through its context, which reads only the
// engine and the actor's PID, fixed when the context was made: whichever
// message is current, it sees the same values. Quiet by default; the
// strict reading reports it (example.com/hollywood/strict).
type Notifier struct {
	next *actor.PID
}

func (n *Notifier) Receive(c *actor.Context) {
	if _, ok := c.Message().(string); ok {
		go func() {
			c.Send(n.next, "done")
		}()
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
