// Package act is a stand-in for ergo.services/ergo/act (v3): the actor
// behaviour with the framework's signatures and bodies of our own.
package act

import "ergo.services/ergo/gen"

// ActorBehavior is what an actor implements; its callbacks run one at a
// time on the process's goroutine.
type ActorBehavior interface {
	gen.ProcessBehavior

	Init(args ...any) error
	HandleMessage(from gen.PID, message any) error
	HandleCall(from gen.PID, ref gen.Ref, request any) (any, error)
	Terminate(reason error)
	HandleEvent(message gen.MessageEvent) error
	HandleInspect(from gen.PID) map[string]string
}

// Actor is embedded by actors; its methods are the default callbacks.
type Actor struct {
	gen.Process

	behavior ActorBehavior
}

func (a *Actor) ProcessInit(process gen.Process, args ...any) error {
	b, ok := process.(ActorBehavior)
	if !ok {
		return nil
	}
	a.behavior = b
	a.Process = process
	return b.Init(args...)
}

func (a *Actor) ProcessRun() error { return nil }

func (a *Actor) ProcessTerminate(reason error) { a.behavior.Terminate(reason) }

func (a *Actor) Init(args ...any) error { return nil }

func (a *Actor) HandleMessage(from gen.PID, message any) error { return nil }

func (a *Actor) HandleCall(from gen.PID, ref gen.Ref, request any) (any, error) { return nil, nil }

func (a *Actor) Terminate(reason error) {}

func (a *Actor) HandleEvent(message gen.MessageEvent) error { return nil }

func (a *Actor) HandleInspect(from gen.PID) map[string]string { return nil }
