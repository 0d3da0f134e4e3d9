// Package actor is a stand-in for github.com/tochemey/goakt/v4/actor,
// which the module proxy does not serve: the declarations the actor rules
// name, with the framework's signatures and bodies of our own.
package actor

import (
	"context"
	"time"
)

// Actor is what an actor implements; Receive handles one message at a
// time on the actor's goroutine.
type Actor interface {
	PreStart(ctx *Context) error
	Receive(ctx *ReceiveContext)
	PostStop(ctx *Context) error
}

// Behavior handles messages after Become.
type Behavior func(ctx *ReceiveContext)

type Context struct{ ctx context.Context }

type SpawnOption interface{ apply() }

type PipeOption func()

type RequestOption func()

type RequestCall interface{ Cancel() error }

// PID is a live actor's handle.
type PID struct{ name string }

func (pid *PID) Name() string { return pid.name }

func (pid *PID) Tell(ctx context.Context, to *PID, message any) error { return nil }

func (pid *PID) BatchTell(ctx context.Context, to *PID, messages ...any) error { return nil }

func (pid *PID) Ask(ctx context.Context, to *PID, message any, timeout time.Duration) (any, error) {
	return nil, nil
}

func (pid *PID) SpawnChild(ctx context.Context, name string, actor Actor, opts ...SpawnOption) (*PID, error) {
	return &PID{name: name}, nil
}

func (pid *PID) PipeTo(ctx context.Context, to *PID, task func() (any, error), opts ...PipeOption) error {
	return nil
}

// ActorSystem hosts actors.
type ActorSystem interface {
	Spawn(ctx context.Context, name string, actor Actor, opts ...SpawnOption) (*PID, error)
	Stop(ctx context.Context) error
}

func Tell(ctx context.Context, to *PID, message any) error { return nil }

func Ask(ctx context.Context, to *PID, message any, timeout time.Duration) (any, error) {
	return nil, nil
}

// ReceiveContext is the context of one message, taken from a pool.
type ReceiveContext struct {
	ctx     context.Context
	message any
	sender  *PID
	self    *PID
	err     error
}

func (rctx *ReceiveContext) Message() any { return rctx.message }

func (rctx *ReceiveContext) Sender() *PID { return rctx.sender }

func (rctx *ReceiveContext) Self() *PID { return rctx.self }

func (rctx *ReceiveContext) Context() context.Context { return rctx.ctx }

func (rctx *ReceiveContext) Err(err error) { rctx.err = err }

// Tell sends as the actor handling the message, through the context's
// own fields.
func (rctx *ReceiveContext) Tell(to *PID, message any) { _ = Tell(rctx.ctx, to, message) }

// reset clears a context going back to the pool, which hands it to the
// next message of any actor: every field is rewritten after construction.
func (rctx *ReceiveContext) reset() {
	var pid *PID
	rctx.ctx, rctx.message, rctx.sender, rctx.self, rctx.err = nil, nil, pid, pid, nil
}

func (rctx *ReceiveContext) BatchTell(to *PID, messages ...any) {}

func (rctx *ReceiveContext) Ask(to *PID, message any, timeout time.Duration) (response any) {
	return nil
}

func (rctx *ReceiveContext) Request(to *PID, message any, opts ...RequestOption) RequestCall {
	return nil
}

func (rctx *ReceiveContext) SendAsync(actorName string, message any) {}

func (rctx *ReceiveContext) Response(resp any) {}

func (rctx *ReceiveContext) Forward(to *PID) {}

func (rctx *ReceiveContext) PipeTo(to *PID, task func() (any, error), opts ...PipeOption) {}

func (rctx *ReceiveContext) Spawn(name string, actor Actor, opts ...SpawnOption) *PID {
	return &PID{name: name}
}

func (rctx *ReceiveContext) Become(behavior Behavior) {}

func (rctx *ReceiveContext) BecomeStacked(behavior Behavior) {}

func (rctx *ReceiveContext) UnBecome() {}

func (rctx *ReceiveContext) Unhandled() {}
