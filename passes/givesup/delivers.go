// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file tells other passes (fieldwrites.Delivers, asked by xsa) which
// sends of the strict reading hand their message only to handlers of the
// package's own actors, whatever those handlers then do with it. Two
// kinds of send do:
//   - a send to a PID of a closed actor side (closedactors.go,
//     localpids.go): a field, a slice field or a local that only spawns
//     of the package's actors fill;
//   - a handler's send to its parent (a ParentAddress row on its
//     context, c.Send(c.Parent(), item)) when the handler's actor is
//     spawned only on the context of a handler of one of the package's
//     actors: the framework makes that actor the child's parent.
//
// What it assumes is the closed sides' assumption: the framework delivers
// a message sent to a PID to the handler of the actor the spawn made, and
// to nothing else, and calls a handler only with the context of its own
// actor.

// DeliversInPackage reports whether the send call (a Recipient row) hands
// its message only to handlers of the package's own actors, in the strict
// reading. It is false in the default reading, which finds no closed
// sides.
func (r *Result) DeliversInPackage(call ssa.CallInstruction) bool {
	if r.closed == nil || r.closed.actors == nil {
		return false
	}
	pid, ok := recipient(r.Model, call)
	if !ok {
		return false
	}
	if _, ok := r.recipientHandlers(pid); ok {
		return true
	}
	return r.toPackageParent(call, pid)
}

// toPackageParent reports whether pid, the recipient of call, is the
// parent of the actor whose handler makes the call, and only handlers of
// the package's actors spawn that actor (childOfPackage).
func (r *Result) toPackageParent(call ssa.CallInstruction, pid ssa.Value) bool {
	c, ok := pid.(*ssa.Call)
	if !ok {
		return false
	}
	mc, ok := r.Model.Resolve(c.Common())
	if !ok {
		return false
	}
	if _, ok := mc.Row(model.ParentAddress); !ok {
		return false
	}
	fn := call.Parent()
	return ownContext(mc.Recv, fn) && r.closed.actors.childOfPackage[fn]
}

// ownContext reports whether v is a handler context that is a parameter
// of fn: the context the framework called fn with.
func ownContext(v ssa.Value, fn *ssa.Function) bool {
	p, ok := v.(*ssa.Parameter)
	return ok && p.Parent() == fn && model.IsHandlerContext(p.Type())
}

// spawnedByHandlers returns the handlers of the actors that the package
// spawns, by a spawn whose producer names them (spawnedHandlers), only on
// the context of a handler of one of its actors (a method that
// implements an Actor row, or a handler that a PID field, a spawned PID
// or a behaviour field names), and that it spawns
// no other way: the parent of every such actor the package makes is one
// of its own. Spawns by other packages make other actors, which get none
// of the messages the package sends to PIDs of its own spawns.
func (as *actorSides) spawnedByHandlers(funcs []*ssa.Function) map[*ssa.Function]bool {
	handlers := make(map[*ssa.Function]bool)
	for _, m := range []map[chanKey][]*ssa.Function{as.handlers, as.behaviours} {
		for _, hs := range m {
			for _, h := range hs {
				handlers[h] = true
			}
		}
	}
	for _, hs := range as.spawned {
		for _, h := range hs {
			handlers[h] = true
		}
	}
	declared := as.m.Handlers(as.pkg)
	children := make(map[*ssa.Function]bool)
	orphaned := make(map[*ssa.Function]bool)
	for _, call := range as.spawnCalls(funcs) {
		hs, ok := as.spawnedHandlers(call)
		if !ok {
			continue // an actor of no handler the package knows
		}
		fn := call.Parent()
		mc, _ := as.m.Resolve(call.Common())
		byHandler := (handlers[fn] || declared.IsFunc(fn)) && ownContext(mc.Recv, fn)
		for _, h := range hs {
			if byHandler {
				children[h] = true
			} else {
				orphaned[h] = true
			}
		}
	}
	for h := range orphaned {
		delete(children, h)
	}
	return children
}
