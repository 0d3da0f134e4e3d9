// Package goactors holds go-actor workers, racy and race-free, for the
// ownership rules over actor handlers (github.com/vladopajic/go-actor,
// through the stand-in under testdata/src/github.com/vladopajic).
package goactors

import "github.com/vladopajic/go-actor/actor"

// Order is a message that carries mutable memory.
type Order struct {
	ID    int
	Items []string
}

// Stage receives orders from one mailbox and passes them to the next.
type Stage struct {
	in   actor.Mailbox[*Order]
	out  actor.Mailbox[*Order]
	last *Order
}

// DoWork passes the order on and then touches it, or keeps it.
func (s *Stage) DoWork(ctx actor.Context) actor.WorkerStatus {
	select {
	case <-ctx.Done():
		return actor.WorkerEnd
	case o := <-s.in.ReceiveC():
		s.out.Send(ctx, o)
		if o.ID > 10 {
			s.last = o // want `o is stored into s.last after it was sent with \(actor.MailboxSender\).Send \(line \d+\); whoever receives it may be using it concurrently`
		}
		o.ID++ // want `o is written after it was sent with \(actor.MailboxSender\).Send \(line \d+\); whoever receives it may be using it concurrently`
		return actor.WorkerContinue
	}
}

// Clean changes the order while it owns it, then passes it on: quiet.
type Clean struct {
	in  actor.Mailbox[*Order]
	out actor.MailboxSender[*Order]
	n   int
}

func (c *Clean) DoWork(ctx actor.Context) actor.WorkerStatus {
	select {
	case <-ctx.Done():
		return actor.WorkerEnd
	case o := <-c.in.ReceiveC():
		o.ID++
		c.n += o.ID
		c.out.Send(ctx, o)
		c.out.Send(ctx, &Order{ID: c.n})
		return actor.WorkerContinue
	}
}
