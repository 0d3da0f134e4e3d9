// Package strict holds the Hollywood handlers only the strict reading
// reports.
package strict

import "github.com/anthdm/hollywood/actor"

// Notifier's goroutine only sends through its context, which reads the
// engine and the PID fixed at construction: no evidence of a race, so the
// default reading is quiet (example.com/hollywood/actors), but P#'s rule
// that a handler context must not outlive its handler still holds.
type Notifier struct {
	next *actor.PID
}

func (n *Notifier) Receive(c *actor.Context) {
	if _, ok := c.Message().(string); ok {
		go func() { // want `c, the \*actor.Context of the message being handled, is captured by a function literal that runs on a new goroutine`
			c.Send(n.next, "done")
		}()
	}
}
