// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import "golang.org/x/tools/go/ssa"

// This file resolves calls of func values that a function of the package
// was given: start := func(run func()) { go func() { run() }() } called
// as start(c.run). The candidates are the functions and literals its
// callers in the package pass (followed through a few parameters and
// captured variables); a func value from anywhere else stays unknown and
// adds nothing (evidence-based).
//
// A literal or bound method passed from another function carries
// variables of that function's frame, which mean nothing in the caller's:
// its accesses through them are dropped, and only those rooted in
// package-level variables, shared fields (shared.go) and the call's own
// arguments are kept.

// maxFuncValueDepth bounds how many parameters and captured variables a
// func value is followed back through.
const maxFuncValueDepth = 3

// maxFuncValues bounds the candidates of one call.
const maxFuncValues = 8

// funcValues returns the functions (*ssa.Function or *ssa.MakeClosure)
// that v, a func-typed parameter or free variable of a function of the
// package, may hold, as the package's own calls pass them.
func (c *checker) funcValues(v ssa.Value) []ssa.Value {
	if c.calls == nil || c.closures == nil {
		return nil
	}
	var out []ssa.Value
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || len(out) >= maxFuncValues {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Function, *ssa.MakeClosure:
			out = append(out, v)
		case *ssa.Parameter:
			// Only a function all of whose calls are in the package:
			// an exported one is called from elsewhere too, each
			// caller with its own function (db.Update(fn)).
			if depth >= maxFuncValueDepth || !c.calledHereOnly(v.Parent()) {
				return
			}
			i := paramIndex(v)
			for _, call := range c.callsOf(v.Parent()) {
				if args := call.Common().Args; i >= 0 && i < len(args) {
					walk(args[i], depth+1)
				}
			}
		case *ssa.FreeVar:
			if depth >= maxFuncValueDepth {
				return
			}
			i := freeVarIndex(v)
			for _, mc := range c.closures[v.Parent()] {
				if i < 0 || i >= len(mc.Bindings) {
					continue
				}
				b := mc.Bindings[i]
				if cell, ok := b.(*ssa.Alloc); ok {
					// A captured variable: what is stored in it.
					for _, st := range storesTo(cell) {
						walk(st.Val, depth+1)
					}
					continue
				}
				walk(b, depth+1)
			}
		case *ssa.UnOp:
			// A load of a captured variable.
			if fv, ok := v.X.(*ssa.FreeVar); ok {
				walk(fv, depth)
			}
		case *ssa.ChangeType:
			walk(v.X, depth)
		}
	}
	walk(v, 0)
	return out
}

// calledHereOnly reports whether every call of fn is in the package: a
// function literal, or an unexported function or method of it.
func (c *checker) calledHereOnly(fn *ssa.Function) bool {
	if fn.Parent() != nil {
		return true
	}
	obj := fn.Object()
	return obj != nil && !obj.Exported()
}

// callsOf returns the package's calls of fn: direct ones, and calls of
// the closures that make it.
func (c *checker) callsOf(fn *ssa.Function) []ssa.CallInstruction {
	out := c.calls.direct[fn]
	for _, mc := range c.closures[fn] {
		for _, r := range *mc.Referrers() {
			if call, ok := r.(ssa.CallInstruction); ok && call.Common().Value == mc {
				out = append(out[:len(out):len(out)], call)
			}
		}
	}
	return out
}

// storesTo returns the stores into the local variable cell.
func storesTo(cell *ssa.Alloc) []*ssa.Store {
	var out []*ssa.Store
	if cell.Referrers() == nil {
		return nil
	}
	for _, r := range *cell.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			out = append(out, st)
		}
	}
	return out
}

// callFuncValue applies, at a call of a func value of the package, the
// summaries of the functions it may hold (funcValues). With several
// candidates each contributes its accesses, and none its lock effect,
// which only one of them has.
func (c *checker) callFuncValue(fi *funcInfo, st *state, call *ssa.CallCommon, instr ssa.Instruction, emit func(Access)) {
	cands := c.funcValues(call.Value)
	for _, cand := range cands {
		var callee *ssa.Function
		switch cand := cand.(type) {
		case *ssa.Function:
			callee = cand
		case *ssa.MakeClosure:
			callee, _ = cand.Fn.(*ssa.Function)
		}
		if callee == nil || !c.ownFunc(callee) || callee.Signature.Params().Len() != len(call.Args) {
			continue
		}
		cs := st
		if len(cands) > 1 {
			cs = st.clone()
		}
		c.apply(fi, cs, c.calleeSummary(callee), callee, call.Args, nil, instr, emit)
	}
}

// ownFunc reports whether fn is a function of the package, or a wrapper
// (a bound method c.run) of one of its methods.
func (c *checker) ownFunc(fn *ssa.Function) bool {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg == c.pkg
	}
	obj := fn.Object()
	return obj != nil && obj.Pkg() == c.pkg
}
