package goaktactors

import (
	"context"

	"github.com/tochemey/goakt/v4/actor"
)

// Worker is an actor whose state its spawner made.
type Worker struct {
	base
	order *Order
}

func (w *Worker) Receive(ctx *actor.ReceiveContext) {
	if w.order != nil {
		w.order.ID++
	}
}

// SpawnShared spawns an actor on an order it keeps writing (P#'s
// create-machine).
func SpawnShared(sys actor.ActorSystem) {
	o := &Order{}
	w := &Worker{order: o}
	sys.Spawn(context.Background(), "worker", w)
	o.ID = 3 // want `w is written after it was sent with \(actor.ActorSystem\).Spawn \(line \d+\); whoever receives it may be using it concurrently`
}

// SpawnOwn gives the new actor memory of its own: quiet.
func SpawnOwn(sys actor.ActorSystem) {
	o := &Order{ID: 3}
	sys.Spawn(context.Background(), "worker", &Worker{order: o})
}

// Piper pipes a task that fills a slice the handler keeps appending to.
type Piper struct {
	base
	next *actor.PID
}

func (p *Piper) Receive(ctx *actor.ReceiveContext) {
	var out []string
	ctx.PipeTo(p.next, func() (any, error) {
		out = append(out, "done")
		return len(out), nil
	})
	out = nil // want `out is written after it was passed to \(\*actor.ReceiveContext\).PipeTo \(line \d+\); the goroutine may be using it concurrently`
}

// PipeOwn pipes a task over memory of its own: quiet.
type PipeOwn struct {
	base
	next *actor.PID
}

func (p *PipeOwn) Receive(ctx *actor.ReceiveContext) {
	n := 3
	n++
	ctx.PipeTo(p.next, func() (any, error) { return n * 2, nil })
}
