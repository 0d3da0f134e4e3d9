// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// A PID need not sit in a field to name a known actor: the local that
// holds a spawn's result (master := system.Root.Spawn(NewMaster(n))) names
// the actor the spawn made, for as long as it is that value. The closed
// receiving side (closedactors.go) takes a send to it as a send to that
// actor when the PID reaches only the framework's own code (sends,
// Poison, Stop), directly or through closures of the package that use it
// so (a deferred PoisonFuture(master).Wait()): code the analysis does not
// see never gets it. The spawn may take a description of the actor
// (protoactor's *Props, an ActorProps row's result) rather than a
// producer, when the spawn is the description's only use.

// maxPIDDepth bounds the closures followed from a PID.
const maxPIDDepth = 3

// spawnedPIDs returns, by PID value, the handlers of the actors the
// spawns of funcs make, when their PIDs reach only the framework's code.
func (as *actorSides) spawnedPIDs(funcs []*ssa.Function) map[ssa.Value][]*ssa.Function {
	out := make(map[ssa.Value][]*ssa.Function)
	for _, call := range as.spawnCalls(funcs) {
		pid := ssa.Value(call)
		if _, tuple := call.Type().(*types.Tuple); tuple {
			pid = firstResult(call)
			if pid == nil {
				continue
			}
		}
		cell, ok := pidCell(pid)
		if !ok || !frameworkOnly(as.m, pid, maxPIDDepth) {
			continue
		}
		if hs, ok := as.spawnedHandlers(pid); ok {
			out[pid] = hs
			if cell != nil {
				out[cell] = hs
			}
		}
	}
	return out
}

// spawnCalls returns the calls of spawn rows (SpawnsActor) in funcs.
func (as *actorSides) spawnCalls(funcs []*ssa.Function) []*ssa.Call {
	var calls []*ssa.Call
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && as.m.CallOf(call, model.SpawnsActor) {
					calls = append(calls, call)
				}
			}
		}
	}
	return calls
}

// firstResult returns the extraction of the first result of call, when
// there is exactly one.
func firstResult(call *ssa.Call) ssa.Value {
	var first ssa.Value
	for _, r := range *call.Referrers() {
		if x, ok := r.(*ssa.Extract); ok && x.Index == 0 {
			if first != nil {
				return nil
			}
			first = x
		}
	}
	return first
}

// pidCell returns the local variable the PID v is stored into, when v's
// only store is into a local (a variable a closure captures) that holds
// nothing else; nil when v is stored nowhere.
func pidCell(v ssa.Value) (*ssa.Alloc, bool) {
	var cell *ssa.Alloc
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok {
			continue
		}
		a, ok := st.Addr.(*ssa.Alloc)
		if !ok || cell != nil || st.Val != v {
			return nil, false
		}
		cell = a
	}
	if cell == nil {
		return nil, true
	}
	for _, r := range *cell.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Val != v {
			return nil, false
		}
	}
	return cell, true
}

// frameworkOnly reports whether the PID v is used only as an argument of
// the framework's functions and methods (of the package that declares
// v's type), directly or loaded from the one local it is stored into, or
// bound into closures of its package whose free variable is used so in
// turn.
func frameworkOnly(m *model.Model, v ssa.Value, depth int) bool {
	if depth == 0 {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			// The one store pidCell allowed: the local's uses are
			// the PID's.
			if r.Val != v || !cellFrameworkOnly(m, r.Addr, depth) {
				return false
			}
		case *ssa.UnOp:
			// A load of a local holding the PID.
			if r.Op != token.MUL || !frameworkOnly(m, r, depth) {
				return false
			}
		case ssa.CallInstruction:
			mc, ok := m.Resolve(r.Common())
			if !ok || mc.Recv == v || !ofFramework(mc.Func, v.Type()) {
				return false
			}
		case *ssa.MakeClosure:
			if !boundOnly(r, v, func(fv *ssa.FreeVar) bool { return frameworkOnly(m, fv, depth-1) }) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// cellFrameworkOnly reports whether the local cell holding a PID is only
// stored into, loaded from (each load used only by the framework) and
// bound into closures that use it so.
func cellFrameworkOnly(m *model.Model, cell ssa.Value, depth int) bool {
	for _, r := range *cell.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef, *ssa.Store:
			if st, ok := r.(*ssa.Store); ok && st.Addr != cell {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || !frameworkOnly(m, r, depth) {
				return false
			}
		case *ssa.MakeClosure:
			if depth <= 1 || !boundOnly(r, cell, func(fv *ssa.FreeVar) bool { return cellFrameworkOnly(m, fv, depth-1) }) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// boundOnly reports whether mc makes a closure of a function of v's
// package in which every free variable that v binds satisfies ok.
func boundOnly(mc *ssa.MakeClosure, v ssa.Value, ok func(*ssa.FreeVar) bool) bool {
	fn, isFunc := mc.Fn.(*ssa.Function)
	if !isFunc || fn.Pkg != v.Parent().Pkg {
		return false
	}
	for i, b := range mc.Bindings {
		if b == v && !ok(fn.FreeVars[i]) {
			return false
		}
	}
	return true
}

// onlySpawned reports whether the actor description v is used only as
// the argument of spawn rows.
func onlySpawned(m *model.Model, v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			if !m.CallOf(r, model.SpawnsActor) || r.Call.Value == v {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// propsProducer returns the producer of the actor description call
// makes, when call is an ActorProps row without options whose result is
// only returned or spawned.
func propsProducer(m *model.Model, call *ssa.Call) (ssa.Value, bool) {
	mc, ok := m.Resolve(call.Common())
	if !ok {
		return nil, false
	}
	row, ok := mc.Row(model.ActorProps)
	if !ok || len(row.Args) != 1 || mc.Arg(row.Args[0]) == nil || !noOptions(call.Common()) {
		return nil, false
	}
	for _, r := range *call.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef, *ssa.Return:
		case *ssa.Call:
			if !m.CallOf(r, model.SpawnsActor) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return mc.Arg(row.Args[0]), true
}
