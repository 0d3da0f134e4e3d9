package goactors

import "github.com/vladopajic/go-actor/actor"

// Counter is a worker whose state its creator made.
type Counter struct {
	order *Order
}

func (c *Counter) DoWork(ctx actor.Context) actor.WorkerStatus {
	c.order.ID++
	return actor.WorkerContinue
}

// StartShared makes an actor of a worker and keeps writing its state
// (P#'s create-machine).
func StartShared() actor.Actor {
	c := &Counter{order: &Order{}}
	a := actor.New(c)
	a.Start()
	c.order.Items = nil // want `c is written after it was sent with actor.New \(line \d+\); whoever receives it may be using it concurrently`
	return a
}

// StartConfigured configures the worker before it becomes an actor:
// quiet.
func StartConfigured() actor.Actor {
	c := &Counter{order: &Order{}}
	c.order.ID = 1
	a := actor.New(c)
	a.Start()
	return a
}

// FuncShared runs a function as a worker and writes what it captures.
func FuncShared() actor.Actor {
	hits := 0
	a := actor.New(actor.NewWorker(func(ctx actor.Context) actor.WorkerStatus {
		hits++
		return actor.WorkerContinue
	}))
	a.Start()
	hits = 10 // want `hits is written after it was passed to actor.NewWorker \(line \d+\); the goroutine may be using it concurrently`
	return a
}

// FuncOwn runs a function over memory of its own: quiet.
func FuncOwn() actor.Actor {
	limit := 10
	limit *= 2
	return actor.New(actor.NewWorker(func(ctx actor.Context) actor.WorkerStatus {
		if limit == 0 {
			return actor.WorkerEnd
		}
		return actor.WorkerContinue
	}))
}

// Producer sends on a mailbox from outside any actor and changes the
// message.
func Producer(ctx actor.Context, mbx actor.Mailbox[*Order]) {
	o := &Order{}
	mbx.Send(ctx, o)
	o.ID = 5 // want `o is written after it was sent with \(actor.MailboxSender\).Send \(line \d+\); whoever receives it may be using it concurrently`
}
