// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

// A Framework is what one actor framework does to concurrency: its rows
// and the classes of its types. Every framework below delivers local
// messages by reference, so a send gives up what the message reaches.
type Framework struct {
	// Name is the framework's usual name, Module its module path.
	Name, Module string
	Rows         []Row
	// Types classifies the framework's named types by import path and
	// name, as stdTypes does for the standard library.
	Types map[[2]string]TypeClass
}

// Frameworks are the actor frameworks the model knows, taken from their
// public source at the versions the README names.
var Frameworks = []Framework{hollywood, protoactor}

const hollywoodActor = "github.com/anthdm/hollywood/actor"

// hollywood is github.com/anthdm/hollywood v1.0.5. A message sent to a
// local PID is put, as it is, in the receiving actor's ring-buffer inbox.
var hollywood = Framework{
	Name:   "Hollywood",
	Module: "github.com/anthdm/hollywood",
	Rows: []Row{
		{Func: "(" + hollywoodActor + ".Receiver).Receive", Kind: Actor},

		{Func: "(*" + hollywoodActor + ".Context).Message", Kind: Receive},
		{Func: "(*" + hollywoodActor + ".Response).Result", Kind: Receive},

		{Func: "(*" + hollywoodActor + ".Context).Send", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Context).Request", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Context).Respond", Kind: Transfer, Args: []int{0}},
		// SendRepeat re-sends the same object every interval: it is
		// given up for good, and no join ends that.
		{Func: "(*" + hollywoodActor + ".Context).SendRepeat", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Context).Forward", Kind: Forward},
		{Func: "(*" + hollywoodActor + ".Engine).Send", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Engine).SendWithSender", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Engine).SendLocal", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Engine).Request", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Engine).SendRepeat", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + hollywoodActor + ".Engine).BroadcastEvent", Kind: Transfer, Args: []int{0}},

		// A spawned func runs on the actor's goroutine for every
		// message: what it captures is shared with it. A producer
		// (Spawn, SpawnChild) runs at once and returns the actor; what
		// it captures is reached by handlers the analysis cannot
		// connect to it, and on real code it is mostly shared services
		// (the engine, a cluster), so by default it gives nothing up.
		{Func: "(*" + hollywoodActor + ".Engine).SpawnFunc", Kind: Spawn, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Context).SpawnChildFunc", Kind: Spawn, Args: []int{0}},
	},
	Types: map[[2]string]TypeClass{
		// The engine gives each actor one *Context and rewrites it for
		// every message.
		{hollywoodActor, "Context"}: HandlerContext,
		{hollywoodActor, "Engine"}:  SafeType,
		{hollywoodActor, "PID"}:     Immutable,
	},
}

const (
	protoActor       = "github.com/asynkron/protoactor-go/actor"
	protoEventStream = "github.com/asynkron/protoactor-go/eventstream"
)

// protoactor is github.com/asynkron/protoactor-go at
// v0.0.0-20240822202345-3c0e61ca19c9. actor.Context is made of smaller
// unexported interfaces (senderPart, basePart, ...): the type checker
// resolves ctx.Send to (actor.senderPart).Send, and so do the rows.
var protoactor = Framework{
	Name:   "protoactor-go",
	Module: "github.com/asynkron/protoactor-go",
	Rows: []Row{
		{Func: "(" + protoActor + ".Actor).Receive", Kind: Actor},

		{Func: "(" + protoActor + ".messagePart).Message", Kind: Receive},
		{Func: "(*" + protoActor + ".Future).Result", Kind: Receive},

		{Func: "(" + protoActor + ".senderPart).Send", Kind: Transfer, Args: []int{1}},
		{Func: "(" + protoActor + ".senderPart).Request", Kind: Transfer, Args: []int{1}},
		{Func: "(" + protoActor + ".senderPart).RequestWithCustomSender", Kind: Transfer, Args: []int{1}},
		{Func: "(" + protoActor + ".senderPart).RequestFuture", Kind: Transfer, Args: []int{1}},
		{Func: "(" + protoActor + ".basePart).Respond", Kind: Transfer, Args: []int{0}},
		{Func: "(" + protoActor + ".basePart).Forward", Kind: Forward},
		{Func: "(*" + protoActor + ".RootContext).Send", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + protoActor + ".RootContext).Request", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + protoActor + ".RootContext).RequestWithCustomSender", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + protoActor + ".RootContext).RequestFuture", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + protoEventStream + ".EventStream).Publish", Kind: Transfer, Args: []int{0}},

		// A receive func runs on the actor for every message; a
		// producer gives nothing up (see Hollywood's Spawn).
		{Func: protoActor + ".PropsFromFunc", Kind: Spawn, Args: []int{0}},

		{Func: "(*" + protoActor + ".Behavior).Become", Kind: Become, Args: []int{0}},
		{Func: "(*" + protoActor + ".Behavior).BecomeStacked", Kind: Become, Args: []int{0}},
	},
	Types: map[[2]string]TypeClass{
		// One actorContext per actor; its message changes with every
		// message, and it is not safe for concurrent use.
		{protoActor, "Context"}:     HandlerContext,
		{protoActor, "ActorSystem"}: SafeType,
		{protoActor, "RootContext"}: SafeType,
		{protoActor, "PID"}:         Immutable,
	},
}
