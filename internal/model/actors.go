// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import "go/types"

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
	// Start are the messages, by import path and name, the framework
	// delivers to each new actor once, in this order, before any other:
	// what a handler does on them happens before whatever it does on a
	// later message. A restart makes a new actor, which gets them again.
	Start [][2]string
	// Final are the messages the framework delivers to an actor that a
	// StopsActor row stopped and that has no children to wait for: after
	// them it delivers nothing more.
	Final [][2]string
}

// startOrder gives each framework's start messages their place in its
// Start list, 1 for the first.
var startOrder = func() map[[2]string]int {
	out := make(map[[2]string]int)
	for _, f := range Frameworks {
		for i, key := range f.Start {
			out[key] = i + 1
		}
	}
	return out
}()

// StartOrder returns the place of t, or of what t points to, among the
// start messages of its framework (Framework.Start), 1 for the first, or
// 0 if t is not one.
func StartOrder(t types.Type) int {
	path, name, ok := typeName(derefNamed(t))
	if !ok {
		return 0
	}
	return startOrder[[2]string{path, name}]
}

// finalMessages holds the Final messages of every framework.
var finalMessages = func() map[[2]string]bool {
	out := make(map[[2]string]bool)
	for _, f := range Frameworks {
		for _, key := range f.Final {
			out[key] = true
		}
	}
	return out
}()

// FinalMessage reports whether t, or what t points to, is one of the
// Final messages of its framework.
func FinalMessage(t types.Type) bool {
	path, name, ok := typeName(derefNamed(t))
	return ok && finalMessages[[2]string{path, name}]
}

// Frameworks are the actor frameworks the model knows, taken from their
// public source at the versions the README names.
var Frameworks = []Framework{hollywood, protoactor, ergo, goakt, goActor}

// frameworkTypes holds the Types of all Frameworks, for classOf: one
// lookup per type rather than one per framework.
var frameworkTypes = func() map[[2]string]TypeClass {
	out := make(map[[2]string]TypeClass)
	for _, f := range Frameworks {
		for key, c := range f.Types {
			out[key] = c
		}
	}
	return out
}()

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
		// Who gets a send: the PID argument, and the actors a spawn
		// makes (the strict reading's closed receiving side of actors).
		{Func: "(*" + hollywoodActor + ".Context).Send", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Context).Request", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Context).SendRepeat", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).Send", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).SendWithSender", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).SendLocal", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).Request", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).SendRepeat", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Engine).Spawn", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Context).SpawnChild", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(*" + hollywoodActor + ".Context).Parent", Kind: ParentAddress},

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
	// process.Start hands the new receiver Initialized, then Started,
	// then the messages buffered before it started.
	Start: [][2]string{{hollywoodActor, "Initialized"}, {hollywoodActor, "Started"}},
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
		// Who gets a send: the PID argument, and the actor a spawn of
		// props made from a producer makes (the strict reading's closed
		// receiving side of actors). Middleware set on a RootContext
		// (WithSenderMiddleware, WithSpawnMiddleware) also sees every
		// send and spawn through it; see the README's assumptions.
		{Func: "(" + protoActor + ".senderPart).Send", Kind: Recipient, Args: []int{0}},
		{Func: "(" + protoActor + ".senderPart).Request", Kind: Recipient, Args: []int{0}},
		{Func: "(" + protoActor + ".senderPart).RequestWithCustomSender", Kind: Recipient, Args: []int{0}},
		{Func: "(" + protoActor + ".senderPart).RequestFuture", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).Send", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).Request", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).RequestWithCustomSender", Kind: Recipient, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).RequestFuture", Kind: Recipient, Args: []int{0}},
		{Func: "(" + protoActor + ".spawnerPart).Spawn", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(" + protoActor + ".spawnerPart).SpawnPrefix", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(" + protoActor + ".spawnerPart).SpawnNamed", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).Spawn", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).SpawnPrefix", Kind: SpawnsActor, Args: []int{0}},
		{Func: "(*" + protoActor + ".RootContext).SpawnNamed", Kind: SpawnsActor, Args: []int{0}},
		{Func: protoActor + ".PropsFromProducer", Kind: ActorProps, Args: []int{0}},
		{Func: protoActor + ".PropsFromProducerWithActorSystem", Kind: ActorProps, Args: []int{0}},
		// An actor whose Receive is m.behavior.Receive(c) is handled by
		// what m.behavior.Become installed; NewBehavior makes an empty
		// stack of handlers.
		{Func: "(*" + protoActor + ".Behavior).Receive", Kind: Dispatches, Args: []int{0}},
		// Stop and StopFuture send the actor a system message, served
		// before its mailbox's user messages: it gets Stopping, waits
		// for its children, gets Stopped and drops the rest (Poison, a
		// user message, lets the queued messages through first).
		{Func: "(" + protoActor + ".stopperPart).Stop", Kind: StopsActor, Args: []int{0}},
		{Func: "(" + protoActor + ".stopperPart).StopFuture", Kind: StopsActor, Args: []int{0}},
		{Func: "(" + protoActor + ".infoPart).Self", Kind: SelfAddress},
		{Func: "(" + protoActor + ".infoPart).Parent", Kind: ParentAddress},
		{Func: protoActor + ".NewBehavior", Kind: Makes},

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
		// A future is completed by the actor system's goroutine while
		// its requester waits on it: its state is "protected by cond".
		{protoActor, "Future"}: SafeType,
		{protoActor, "PID"}:    Immutable,
	},
	// Spawning posts Started to the new actor's system mailbox, which
	// the dispatcher empties before it takes a user message.
	Start: [][2]string{{protoActor, "Started"}},
	// handleStop hands the actor Stopping, then, once its children
	// stopped, Stopped, and sets the state that drops what is left.
	Final: [][2]string{{protoActor, "Stopping"}, {protoActor, "Stopped"}},
}

const (
	ergoGen = "ergo.services/ergo/gen"
	ergoAct = "ergo.services/ergo/act"
)

// ergo is ergo.services/ergo v3. An actor embeds act.Actor, which embeds
// the gen.Process of the running process: a.Send(to, msg) resolves to
// (gen.Process).Send through the embedding. The node delivers a local
// message as the value sent, and runs one process's callbacks one at a
// time on the process's goroutine; the message is the handler's
// parameter. What HandleCall returns is sent to the caller, which the
// rows cannot say (README, Actor frameworks).
var ergo = Framework{
	Name:   "ergo",
	Module: "ergo.services/ergo",
	Rows: []Row{
		{Func: "(" + ergoAct + ".ActorBehavior).HandleMessage", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleCall", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleMessageName", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleMessageAlias", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleCallName", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleCallAlias", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleEvent", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).HandleInspect", Kind: Actor},
		{Func: "(" + ergoAct + ".ActorBehavior).Terminate", Kind: Actor},

		{Func: "(" + ergoGen + ".Process).Send", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendPID", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendProcessID", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendAlias", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendWithPriority", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendImportant", Kind: Transfer, Args: []int{1}},
		// SendAfter delivers the message later, from a timer: it is
		// given up at once all the same.
		{Func: "(" + ergoGen + ".Process).SendAfter", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).SendEvent", Kind: Transfer, Args: []int{2}},
		{Func: "(" + ergoGen + ".Process).SendResponse", Kind: Transfer, Args: []int{2}},
		// A call gives the request up (the callee may keep it) and
		// returns a response the caller owns.
		{Func: "(" + ergoGen + ".Process).Call", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).Call", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallWithTimeout", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallWithTimeout", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallWithPriority", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallWithPriority", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallImportant", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallImportant", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallPID", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallPID", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallProcessID", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallProcessID", Kind: Receive},
		{Func: "(" + ergoGen + ".Process).CallAlias", Kind: Transfer, Args: []int{1}},
		{Func: "(" + ergoGen + ".Process).CallAlias", Kind: Receive},
		// P#'s create-machine with an initial event: the arguments of a
		// spawn reach the new process's Init. The factory only makes the
		// behaviour value.
		{Func: "(" + ergoGen + ".Process).Spawn", Kind: Transfer, Args: []int{2}},
		{Func: "(" + ergoGen + ".Process).SpawnRegister", Kind: Transfer, Args: []int{3}},
	},
	Types: map[[2]string]TypeClass{
		{ergoGen, "PID"}:       Immutable,
		{ergoGen, "ProcessID"}: Immutable,
		{ergoGen, "Alias"}:     Immutable,
		{ergoGen, "Ref"}:       Immutable,
		{ergoGen, "Atom"}:      Immutable,
		{ergoGen, "Node"}:      SafeType,
		{ergoGen, "Log"}:       SafeType,
	},
}

const goaktActor = "github.com/tochemey/goakt/v4/actor"

// goakt is github.com/tochemey/goakt/v4. Receive gets a *ReceiveContext
// from a pool, valid only while it handles that message (its doc comment
// says not to retain it); Tell and the other sends deliver the message
// value as it is to a local actor.
var goakt = Framework{
	Name:   "GoAkt",
	Module: "github.com/tochemey/goakt/v4",
	Rows: []Row{
		{Func: "(" + goaktActor + ".Actor).Receive", Kind: Actor},

		{Func: "(*" + goaktActor + ".ReceiveContext).Message", Kind: Receive},

		{Func: "(*" + goaktActor + ".ReceiveContext).Tell", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).BatchTell", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).Ask", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).Ask", Kind: Receive},
		{Func: "(*" + goaktActor + ".ReceiveContext).BatchAsk", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).Request", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).RequestName", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).SendAsync", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).SendSync", Kind: Transfer, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).SendSync", Kind: Receive},
		{Func: "(*" + goaktActor + ".ReceiveContext).Response", Kind: Transfer, Args: []int{0}},
		{Func: "(*" + goaktActor + ".ReceiveContext).Forward", Kind: Forward},
		{Func: "(*" + goaktActor + ".ReceiveContext).ForwardTo", Kind: Forward},
		// PipeTo runs the task on another goroutine and sends its
		// result: what the task captures is shared with that goroutine.
		{Func: "(*" + goaktActor + ".ReceiveContext).PipeTo", Kind: Spawn, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).PipeToName", Kind: Spawn, Args: []int{1}},
		{Func: "(*" + goaktActor + ".ReceiveContext).Spawn", Kind: Transfer, Args: []int{1}},

		{Func: "(*" + goaktActor + ".PID).Tell", Kind: Transfer, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).BatchTell", Kind: Transfer, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).Ask", Kind: Transfer, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).Ask", Kind: Receive},
		{Func: "(*" + goaktActor + ".PID).SendAsync", Kind: Transfer, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).SendSync", Kind: Transfer, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).SendSync", Kind: Receive},
		{Func: "(*" + goaktActor + ".PID).PipeTo", Kind: Spawn, Args: []int{2}},
		{Func: "(*" + goaktActor + ".PID).SpawnChild", Kind: Transfer, Args: []int{2}},
		{Func: goaktActor + ".Tell", Kind: Transfer, Args: []int{2}},
		{Func: goaktActor + ".Ask", Kind: Transfer, Args: []int{2}},
		{Func: goaktActor + ".Ask", Kind: Receive},
		{Func: goaktActor + ".BatchTell", Kind: Transfer, Args: []int{2}},
		// P#'s create-machine: the actor value given to Spawn is the new
		// actor's state, run on its goroutine.
		{Func: "(" + goaktActor + ".ActorSystem).Spawn", Kind: Transfer, Args: []int{2}},

		{Func: "(*" + goaktActor + ".ReceiveContext).Become", Kind: Become, Args: []int{0}},
		{Func: "(*" + goaktActor + ".ReceiveContext).BecomeStacked", Kind: Become, Args: []int{0}},
	},
	Types: map[[2]string]TypeClass{
		{goaktActor, "ReceiveContext"}: HandlerContext,
		{goaktActor, "PID"}:            SafeType,
		{goaktActor, "ActorSystem"}:    SafeType,
	},
}

const goActorActor = "github.com/vladopajic/go-actor/actor"

// goActor is github.com/vladopajic/go-actor. An actor runs its Worker's
// DoWork over and over on one goroutine; messages come through mailboxes,
// whose Send hands the value to the receiving actor's goroutine.
var goActor = Framework{
	Name:   "go-actor",
	Module: "github.com/vladopajic/go-actor",
	Rows: []Row{
		{Func: "(" + goActorActor + ".Worker).DoWork", Kind: Actor},

		{Func: "(" + goActorActor + ".MailboxSender).Send", Kind: Transfer, Args: []int{1}},
		// A worker function runs on the actor's goroutine: what it
		// captures is shared with it.
		{Func: goActorActor + ".NewWorker", Kind: Spawn, Args: []int{0}},
		// P#'s create-machine: the worker is the new actor's state.
		{Func: goActorActor + ".New", Kind: Transfer, Args: []int{0}},
	},
	Types: map[[2]string]TypeClass{
		{goActorActor, "Mailbox"}:         SafeType,
		{goActorActor, "MailboxSender"}:   SafeType,
		{goActorActor, "MailboxReceiver"}: SafeType,
		{goActorActor, "Actor"}:           SafeType,
	},
}
