// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Forward follows v back through the instructions that only view the same
// memory differently (Alias: conversions, boxing, field and element
// reads, tuple extraction), at most depth steps, calling visit on each
// value on the way, v first. It stops early when visit returns false.
func Forward(v ssa.Value, depth int, visit func(ssa.Value) bool) {
	walk(v, depth, visit, aliasOf)
}

// walk calls visit on v and on each value step returns from the last,
// at most depth steps, until visit returns false or step has none.
func walk(v ssa.Value, depth int, visit func(ssa.Value) bool, step func(ssa.Value) (ssa.Value, bool)) {
	for i := 0; v != nil && i <= depth; i++ {
		if !visit(v) {
			return
		}
		next, ok := step(v)
		if !ok {
			return
		}
		v = next
	}
}

// aliasOf is Alias for a value.
func aliasOf(v ssa.Value) (ssa.Value, bool) {
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return nil, false
	}
	return Alias(instr)
}

// pathStep is one step of WalkPath.
func pathStep(v ssa.Value) (ssa.Value, bool) {
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return x.X, true
	case *ssa.IndexAddr:
		return x.X, true
	case *ssa.UnOp:
		return x.X, x.Op == token.MUL
	}
	return aliasOf(v)
}

// FuncValue decomposes a function value into its code and the variables
// it captures, looking through conversions and boxing (a func converted
// to http.HandlerFunc, stored in an interface). It returns nil if v is not
// a function or function literal the SSA names.
func FuncValue(v ssa.Value) (fn *ssa.Function, bindings []ssa.Value) {
	Forward(v, 8, func(v ssa.Value) bool {
		switch v := v.(type) {
		case *ssa.Function:
			fn = v
			return false
		case *ssa.MakeClosure:
			fn, _ = v.Fn.(*ssa.Function)
			bindings = v.Bindings
			return false
		}
		return true
	})
	return fn, bindings
}

// WalkPath follows the access path of v back towards its base, at most
// depth steps: through field and element addressing (FieldAddr,
// IndexAddr), loads, and the instructions that only view the same memory
// differently (Alias). It calls visit on each value on the way, v first,
// and stops when visit returns false or the path has no further step.
func WalkPath(v ssa.Value, depth int, visit func(ssa.Value) bool) {
	walk(v, depth, visit, pathStep)
}

// PathFrom reports whether the access path of x starts at v: x is v, or
// is computed from it by field and element addressing, loads and
// conversions (WalkPath).
func PathFrom(x, v ssa.Value) bool {
	found := false
	WalkPath(x, 16, func(u ssa.Value) bool {
		found = u == v
		return !found
	})
	return found
}

// TopLevel returns the declared function enclosing fn: fn itself, or the
// function a literal is (perhaps nested) in.
func TopLevel(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// RangeFuncBody reports whether fn is the body of a range-over-func loop
// (for x := range seq { … }), which x/tools' SSA builds as a synthetic
// literal that the iterator calls once per element: what the body does,
// it may do many times, and its locals are new in each call, as a loop's
// per-iteration variables are.
func RangeFuncBody(fn *ssa.Function) bool { return fn.Synthetic == "range-over-func yield" }
