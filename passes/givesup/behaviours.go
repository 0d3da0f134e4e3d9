// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// An actor may keep its handlers in a behaviour (protoactor's Behavior):
// its Receive only dispatches to the handler the last Become installed
// (m.behavior.Receive(c), a Dispatches row), and its handlers are then
// the Become targets. The closed receiving side (closedactors.go) takes
// them for the actor's handlers when the behaviour lives in an unexported
// field of the actor's struct that the package uses only so: made anew
// (a Makes row, nil), installed into by Become rows whose target is a
// method of the same value (m.behavior.Become(m.idle)), and dispatched
// from. A handler the package cannot see (a function literal, a method
// of another value) makes the field no behaviour.

// findBehaviours returns, by behaviour field, the methods its Become
// calls install.
func findBehaviours(pkg *types.Package, funcs []*ssa.Function, m *model.Model) map[chanKey][]*ssa.Function {
	out := fieldsUsedOnly(pkg, funcs, func(instr ssa.Instruction) ([]*ssa.Function, bool) {
		fa, ok := instr.(*ssa.FieldAddr)
		if !ok {
			return nil, false
		}
		return behaviourUse(m, fa)
	})
	for key, hs := range out {
		out[key] = uniqueFuncs(hs)
	}
	return out
}

// behaviourUse reports whether the field address fa is used only as a
// behaviour: stored a new behaviour (a Makes row's result) or nil,
// installed into by Become rows (whose targets it returns), dispatched
// from by a Dispatches row.
func behaviourUse(m *model.Model, fa *ssa.FieldAddr) ([]*ssa.Function, bool) {
	var hs []*ssa.Function
	for _, r := range *fa.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != fa {
				return nil, false
			}
			if c, ok := r.Val.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if !m.MakesNew(valueInstr(r.Val)) {
				return nil, false
			}
		case *ssa.Call:
			if h, ok := becomeOn(m, r, fa); ok {
				hs = append(hs, h)
				continue
			}
			mc, ok := m.Resolve(r.Common())
			if !ok || mc.Recv != fa {
				return nil, false
			}
			if _, ok := mc.Row(model.Dispatches); !ok {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return hs, true
}

// valueInstr returns the instruction that defines v, or nil.
func valueInstr(v ssa.Value) ssa.Instruction {
	instr, _ := v.(ssa.Instruction)
	return instr
}

// becomeOn returns the handler that call installs when it is a Become row
// called on the behaviour field fa with a method of the value whose field
// fa is (m.behavior.Become(m.idle)).
func becomeOn(m *model.Model, call *ssa.Call, fa *ssa.FieldAddr) (*ssa.Function, bool) {
	mc, ok := m.Resolve(call.Common())
	if !ok || mc.Recv != fa {
		return nil, false
	}
	row, ok := mc.Row(model.Become)
	if !ok || len(row.Args) != 1 {
		return nil, false
	}
	arg := mc.Arg(row.Args[0])
	if ct, ok := arg.(*ssa.ChangeType); ok {
		arg = ct.X // to the framework's handler type (actor.ReceiveFunc)
	}
	mk, ok := arg.(*ssa.MakeClosure)
	if !ok || len(mk.Bindings) != 1 || mk.Bindings[0] != fa.X {
		return nil, false
	}
	bound, ok := mk.Fn.(*ssa.Function)
	if !ok || !ssaops.IsBoundMethod(bound) {
		return nil, false
	}
	obj, ok := bound.Object().(*types.Func)
	if !ok {
		return nil, false
	}
	target := bound.Prog.FuncValue(obj)
	if target == nil || target.Blocks == nil || receiverNamed(target) == nil ||
		!types.Identical(receiverNamed(target), derefType(fa.X.Type())) {
		return nil, false
	}
	return target, true
}

// onlyBecome reports whether the method value v is used only as the
// handler Become rows install, as it is or converted to the framework's
// handler type.
func onlyBecome(m *model.Model, v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.ChangeType:
			if !onlyBecome(m, r) {
				return false
			}
		case *ssa.Call:
			mc, ok := m.Resolve(r.Common())
			if !ok {
				return false
			}
			row, ok := mc.Row(model.Become)
			if !ok || len(row.Args) != 1 || mc.Arg(row.Args[0]) != v || mc.Recv == v {
				return false
			}
			fa, ok := mc.Recv.(*ssa.FieldAddr)
			if !ok {
				return false
			}
			if _, ok := becomeOn(m, r, fa); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// dispatchField returns the behaviour field a handler dispatches to when
// all it does is call a Dispatches row on a field of its receiver with
// its context (func (m *Master) Receive(c actor.Context) {
// m.behavior.Receive(c) }).
func dispatchField(m *model.Model, fn *ssa.Function) (chanKey, bool) {
	if fn.Signature.Recv() == nil || len(fn.Params) != 2 {
		return "", false
	}
	var key chanKey
	found := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.DebugRef:
			case *ssa.FieldAddr:
				if i.X != fn.Params[0] {
					return "", false
				}
			case *ssa.Call:
				mc, ok := m.Resolve(i.Common())
				if !ok || found {
					return "", false
				}
				row, ok := mc.Row(model.Dispatches)
				if !ok || len(row.Args) != 1 || mc.Arg(row.Args[0]) != fn.Params[1] {
					return "", false
				}
				fa, ok := mc.Recv.(*ssa.FieldAddr)
				if !ok || fa.X != fn.Params[0] {
					return "", false
				}
				key, ok = fieldKey(fa.X.Type(), fa.Field)
				if !ok {
					return "", false
				}
				found = true
			case *ssa.Return:
				if len(i.Results) != 0 {
					return "", false
				}
			default:
				return "", false
			}
		}
	}
	return key, found
}

// derefType returns what the pointer type t points to, or t.
func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// uniqueFuncs returns fns without repeats, in first-seen order.
func uniqueFuncs(fns []*ssa.Function) []*ssa.Function {
	seen := make(map[*ssa.Function]bool)
	var out []*ssa.Function
	for _, fn := range fns {
		if !seen[fn] {
			seen[fn] = true
			out = append(out, fn)
		}
	}
	return out
}
