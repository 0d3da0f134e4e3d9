package actors

import "github.com/anthdm/hollywood/actor"

// Worker holds the order its producer gave it.
type Worker struct {
	order *Order
}

func (w *Worker) Receive(c *actor.Context) {
	if _, ok := c.Message().(string); ok && w.order != nil {
		w.order.ID++
	}
}

// SpawnShared hands an order to a new actor through its producer and keeps
// writing it: a race, which the default reading does not report. What a
// producer captures reaches the actor's handlers through the Receiver it
// returns, which the analysis does not follow; on real code producers
// mostly capture shared services (the engine, a cluster), and giving those
// up made every spawn a report (README, Actor frameworks).
func SpawnShared(e *actor.Engine) {
	o := &Order{}
	e.Spawn(func() actor.Receiver { return &Worker{order: o} }, "worker")
	o.ID = 3
}

// SpawnOwn gives the new actor memory of its own: quiet.
func SpawnOwn(e *actor.Engine) {
	e.Spawn(func() actor.Receiver { return &Worker{order: &Order{}} }, "worker")
}

// SpawnFuncShared runs a function as an actor: what it captures is shared
// with it.
func SpawnFuncShared(e *actor.Engine) {
	hits := 0
	e.SpawnFunc(func(c *actor.Context) { hits++ }, "counter")
	hits = 10 // want `hits is written after it was passed to \(\*actor.Engine\).SpawnFunc \(line \d+\); the goroutine may be using it concurrently`
}
