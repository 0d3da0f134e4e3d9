// Package futures holds requests made with RootContext.RequestFuture, whose
// *actor.Future the actor system completes on its own goroutine while the
// requester waits on it: the future synchronises itself ("protected by
// cond"), so waiting on it uses none of the request it was made for,
// though the system that completes it holds the request in a mailbox.
package futures

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Compute is a request.
type Compute struct{ Steps, Items int }

type summer struct{ total int }

// Receive only reads the requests and answers each with a new value.
func (s *summer) Receive(c actor.Context) {
	if m, ok := c.Message().(*Compute); ok {
		s.total += m.Steps
		c.Respond(s.total)
	}
}

func props() *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor { return &summer{} })
}

// AskEach asks n times, waiting for each answer before the next request.
func AskEach(system *actor.ActorSystem, n int) int {
	pid := system.Root.Spawn(props())
	total := 0
	for i := 0; i < n; i++ {
		f := system.Root.RequestFuture(pid, &Compute{Steps: i}, time.Second)
		res, err := f.Result() // quiet: the future is not the request
		if err != nil {
			return -1
		}
		total += res.(int)
	}
	return total
}

// AskAndChange writes the request while the actor may be reading it.
func AskAndChange(system *actor.ActorSystem) error {
	pid := system.Root.Spawn(props())
	msg := &Compute{Steps: 1}
	f := system.Root.RequestFuture(pid, msg, time.Second)
	msg.Steps = 2 // want `msg is written after it was sent`
	_, err := f.Result()
	return err
}

// AskAndKeep waits on the future, then reads the request it sent: the
// future's answer says nothing about whether the actor still holds it.
func AskAndKeep(system *actor.ActorSystem, keep func(*Compute)) error {
	pid := system.Root.Spawn(props())
	msg := &Compute{Steps: 1}
	f := system.Root.RequestFuture(pid, msg, time.Second)
	_, err := f.Result()
	keep(msg) // want `msg is passed to keep after it was sent`
	return err
}
