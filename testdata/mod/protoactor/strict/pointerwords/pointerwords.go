// Package pointerwords holds the strict reading's one type-based cut of
// the aliases its heap keeps: a field that is one pointer word never lies
// in memory whose type holds no pointers (the garbage collector finds
// pointers by the types memory was allocated with, and unsafe.Pointer
// converts only between types of an equivalent layout). A deferred
// closure over the actor system makes the heap link the system to every
// request the loop sends; reading system.Root, a pointer, after sending a
// request that holds no pointers is quiet. A request that holds a pointer
// keeps the alias: reported.
package pointerwords

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Compute holds no pointers.
type Compute struct{ Steps, Items int }

// Batch holds a pointer.
type Batch struct{ Steps []int }

type summer struct{ total int }

// Receive only reads the requests.
func (s *summer) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *Compute:
		s.total += m.Steps
		c.Respond(s.total)
	case *Batch:
		s.total += len(m.Steps)
		c.Respond(s.total)
	}
}

func props() *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor { return &summer{} })
}

// AskEach asks n times and poisons the actor when it returns: quiet.
func AskEach(system *actor.ActorSystem, n int) {
	pid := system.Root.Spawn(props())
	defer func() { _ = system.Root.PoisonFuture(pid).Wait() }()
	for i := 0; i < n; i++ {
		f := system.Root.RequestFuture(pid, &Compute{Steps: i}, time.Second)
		_, _ = f.Result()
	}
}

// AskBatches sends batches, which hold a slice: reported.
func AskBatches(system *actor.ActorSystem, n int) {
	pid := system.Root.Spawn(props())
	defer func() { _ = system.Root.PoisonFuture(pid).Wait() }()
	for i := 0; i < n; i++ {
		f := system.Root.RequestFuture(pid, &Batch{Steps: make([]int, i)}, time.Second) // want `system.Root is read after &Batch{…}, which shares memory with it, was sent`
		_, _ = f.Result()
	}
}
