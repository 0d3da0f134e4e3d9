// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file ends an actor's handler graph where the actor stops itself:
//
//	func (t *Transfer) finish(c actor.Context) {
//		c.Send(t.requester, t.txn) // t.txn stays in the field …
//		c.Stop(c.Self())           // … but no handler reads it again
//	}
//
// A StopsActor row of the model (protoactor-go's Context.Stop) addressed
// to the handler's own actor (a SelfAddress row on the same context)
// makes the framework serve a system message before the mailbox's next
// user message: the actor gets its Final messages (Stopping, then, once
// its children stopped, Stopped) and nothing after. So the handlers that
// run next are scanned only on the branches a final message can take (a
// type switch's case of another message type is skipped), and nothing
// runs after them. An actor that spawns children would go on taking user
// messages while it waits for them to stop: the rule holds only for an
// actor type none of whose methods calls a SpawnsActor row. Both
// readings; the assumption is the framework's documented order of system
// before user messages.

// stopsSelf reports whether instr stops the actor whose handler runs it:
// a call of a StopsActor row whose address is a SelfAddress row's result
// on the same context.
func (lf *lifter) stopsSelf(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	rc, ok := lf.model.Resolve(call.Common())
	if !ok || rc.Recv == nil {
		return false
	}
	row, ok := rc.Row(model.StopsActor)
	if !ok || len(row.Args) == 0 {
		return false
	}
	self, ok := rc.Arg(row.Args[0]).(*ssa.Call)
	if !ok {
		return false
	}
	sc, ok := lf.model.Resolve(self.Common())
	if !ok || sc.Recv != rc.Recv {
		return false
	}
	_, ok = sc.Row(model.SelfAddress)
	return ok
}

// childless reports whether the actor whose handler is fn spawns no
// children: no method of its type calls a SpawnsActor row.
func (lf *lifter) childless(fn *ssa.Function) bool {
	n := ssaops.RecvNamed(fn)
	if n == nil {
		return false
	}
	if c, ok := lf.childlessMemo[n]; ok {
		return c
	}
	out := true
	mset := lf.prog.MethodSets.MethodSet(types.NewPointer(n))
	for i := range mset.Len() {
		m := lf.prog.MethodValue(mset.At(i))
		if m == nil || !lf.spawnsNone(m) {
			out = false
			break
		}
	}
	lf.childlessMemo[n] = out
	return out
}

// spawnsNone reports whether fn, or a function literal in it, calls no
// SpawnsActor row.
func (lf *lifter) spawnsNone(fn *ssa.Function) bool {
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if rc, ok := lf.model.Resolve(call.Common()); ok {
					if _, ok := rc.Row(model.SpawnsActor); ok {
						return false
					}
				}
			}
		}
	}
	return true
}

// finalBranch returns the successor of b that a final message takes, if
// b ends in a test of the message's dynamic type that no final message
// passes: the test fails.
func (lf *lifter) finalBranch(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
	ta, ok := ssaops.OkTested(b).(*ssa.TypeAssert)
	if !ok || types.IsInterface(ta.AssertedType) || model.FinalMessage(ta.AssertedType) || !lf.isMessage(ta.X) {
		return nil, false
	}
	return b.Succs[1:], true
}

// isMessage reports whether v is the message a handler received: the
// result of a Receive row (ctx.Message()), through conversions.
func (lf *lifter) isMessage(v ssa.Value) bool {
	found := false
	ssaops.Forward(v, 8, func(x ssa.Value) bool {
		if call, ok := x.(*ssa.Call); ok {
			if rc, ok := lf.model.Resolve(call.Common()); ok {
				_, found = rc.Row(model.Receive)
			}
			return false
		}
		return true
	})
	return found
}
