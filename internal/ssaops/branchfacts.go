// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/ssa"
)

// This file decides the branches that a path has already decided: a path
// that went one way at a test of a value goes the same way at a later
// test of that value, as long as it does not run the value's definition
// again (fasthttp's serveConn starts the hijack handler's goroutine only
// when hijackHandler != nil, then leaves the loop and releases the
// request context only if hijackHandler == nil). The facts are what the
// tests taken on every path found: a boolean true or false, a value of a
// type that has nil (a pointer, a function, an interface, a map, a slice,
// a channel) nil or not. A phi takes the fact of the value it takes on
// the edge the path came along. A local variable that closures capture
// lives in a cell (an Alloc); when only the function itself stores into
// it, and the closures only load it, what a test found of one load holds
// for the next, until a block that stores into the cell.

// An Edge is an edge of a function's control-flow graph.
type Edge struct{ From, To *ssa.BasicBlock }

// branchFacts maps a value to what the tests taken found it: for a
// boolean its value, for a value of a type that has nil whether it is
// not nil. A cell (a local *ssa.Alloc that only its function stores
// into) stands for its content.
type branchFacts map[ssa.Value]bool

// BranchFacts holds the facts that hold on entry to each block of a
// function on every path from its entry.
type BranchFacts struct {
	entry map[*ssa.BasicBlock]branchFacts
}

// NewBranchFacts computes the facts of fn's blocks; nil if fn has no
// blocks.
func NewBranchFacts(fn *ssa.Function) *BranchFacts {
	if fn == nil || len(fn.Blocks) == 0 {
		return nil
	}
	return &BranchFacts{entry: factsFlow(fn.Blocks[0], branchFacts{}, nil)}
}

// EdgesAfter returns the control-flow edges of the function that a path
// starting at instr, one of its instructions, may take, given the facts
// that hold at instr on every path to it and the tests the path takes
// after it. An edge a branch decided against is left out, and so is
// everything reached only through such edges.
func (bf *BranchFacts) EdgesAfter(instr ssa.Instruction) map[Edge]bool {
	at := bf.entry[instr.Block()]
	if at == nil {
		at = branchFacts{} // unreachable from the entry: assume nothing
	}
	taken := make(map[Edge]bool)
	factsFlow(instr.Block(), maps.Clone(at), taken)
	return taken
}

// BranchFactsMemo computes the BranchFacts of each function once.
type BranchFactsMemo map[*ssa.Function]*BranchFacts

// EdgesAfter is BranchFacts.EdgesAfter in instr's function, whose facts
// are computed on first use; nil if the function has no blocks.
func (m BranchFactsMemo) EdgesAfter(instr ssa.Instruction) map[Edge]bool {
	fn := instr.Parent()
	bf, ok := m[fn]
	if !ok {
		bf = NewBranchFacts(fn)
		m[fn] = bf
	}
	if bf == nil {
		return nil
	}
	return bf.EdgesAfter(instr)
}

// factsFlow runs the facts forward from start, entered with the facts in,
// to every block reachable through edges that no fact decides against,
// meeting the facts of two paths by intersection. It returns each
// reached block's facts on entry and, if taken is not nil, records there
// every edge a path may take.
func factsFlow(start *ssa.BasicBlock, in branchFacts, taken map[Edge]bool) map[*ssa.BasicBlock]branchFacts {
	entry := map[*ssa.BasicBlock]branchFacts{start: in}
	work := []*ssa.BasicBlock{start}
	queued := map[*ssa.BasicBlock]bool{start: true}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b] = false
		facts := entry[b]
		for i, s := range b.Succs {
			out, ok := facts.along(b, i)
			if !ok {
				continue
			}
			if taken != nil {
				taken[Edge{b, s}] = true
			}
			out = out.enter(b, s)
			old, seen := entry[s]
			if seen {
				if !old.narrow(out) {
					continue
				}
			} else {
				entry[s] = maps.Clone(out)
			}
			if !queued[s] {
				queued[s] = true
				work = append(work, s)
			}
		}
	}
	return entry
}

// along returns the facts on the i'th out-edge of b, and false if the
// facts decide b's branch against that edge.
func (f branchFacts) along(b *ssa.BasicBlock, i int) (branchFacts, bool) {
	cond := IfCond(b)
	if cond == nil {
		return f, true
	}
	want := i == 0
	if got, ok := f.decide(cond); ok {
		return f, got == want
	}
	out := maps.Clone(f)
	out.learn(cond, want)
	return out, true
}

// enter returns the facts on entering s from b: the facts of the values
// s defines are dropped (running s again redefines them), then each phi
// of s takes what was known of the value it takes along the edge.
func (f branchFacts) enter(b, s *ssa.BasicBlock) branchFacts {
	pred := -1
	for i, p := range s.Preds {
		if p == b {
			pred = i
			break
		}
	}
	var phis branchFacts
	for _, instr := range s.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if pred < 0 || pred >= len(phi.Edges) {
			continue
		}
		if v, ok := f.decide(phi.Edges[pred]); ok {
			if phis == nil {
				phis = branchFacts{}
			}
			phis[phi] = v
		}
	}
	var out branchFacts
	for v := range f {
		if i, ok := v.(ssa.Instruction); ok && i.Block() == s || storesInto(s, v) {
			if out == nil {
				out = maps.Clone(f)
			}
			delete(out, v)
		}
	}
	if out == nil {
		if len(phis) == 0 {
			return f
		}
		out = maps.Clone(f)
	}
	maps.Copy(out, phis)
	return out
}

// narrow meets f with other in place (the facts both hold), and reports
// whether f lost a fact.
func (f branchFacts) narrow(other branchFacts) bool {
	changed := false
	for v, x := range f {
		if y, ok := other[v]; !ok || y != x {
			delete(f, v)
			changed = true
		}
	}
	return changed
}

// decide returns what the facts say of v: a boolean's value, or whether
// a value that has nil is not nil; false if they do not say.
func (f branchFacts) decide(v ssa.Value) (bool, bool) {
	if x, ok := f[v]; ok {
		return x, true
	}
	if cell := loadedCell(v); cell != nil {
		if x, ok := f[cell]; ok {
			return x, true
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return false, hasNil(v.Type())
		}
		if v.Value.Kind() == constant.Bool {
			return constant.BoolVal(v.Value), true
		}
	case *ssa.UnOp:
		if v.Op == token.NOT {
			if x, ok := f.decide(v.X); ok {
				return !x, true
			}
		}
	case *ssa.BinOp:
		if x, op := nilTest(v); x != nil {
			if nonNil, ok := f.decide(x); ok {
				return nonNil == (op == token.NEQ), true
			}
		}
	}
	return false, false
}

// Decide returns what known, facts of values as the tests of a path find
// them (for a boolean its value, for a value of a type that has nil
// whether it is not nil), says of v, through negations and comparisons
// with nil, and of constants; false if they do not say.
func Decide(v ssa.Value, known map[ssa.Value]bool) (bool, bool) {
	return branchFacts(known).decide(v)
}

// learn records that cond is want, and what that says of its operands.
func (f branchFacts) learn(cond ssa.Value, want bool) {
	f[cond] = want
	if cell := loadedCell(cond); cell != nil {
		f[cell] = want
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			f.learn(c.X, !want)
		}
	case *ssa.BinOp:
		if x, op := nilTest(c); x != nil {
			f[x] = want == (op == token.NEQ)
			if cell := loadedCell(x); cell != nil {
				f[cell] = want == (op == token.NEQ)
			}
		}
	}
}

// loadedCell returns the cell v loads, if v loads a local variable's cell
// whose content only its function writes (ownCell); else nil.
func loadedCell(v ssa.Value) *ssa.Alloc {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	a, ok := u.X.(*ssa.Alloc)
	if !ok || !OwnCell(a) {
		return nil
	}
	return a
}

// OwnCell reports whether only a's function stores into the cell a:
// its address is only loaded from and stored into there, and captured by
// closures whose functions only load it (or capture it again, in
// literals of their own that only load it).
func OwnCell(a *ssa.Alloc) bool {
	return onlyUses(a, true, func(mc *ssa.MakeClosure) bool { return capturedLoaded(mc, a) })
}

// capturedLoadedOnly reports whether fv, a captured variable, is only
// loaded from, in its function and in the literals that capture it again.
func capturedLoadedOnly(fv *ssa.FreeVar) bool {
	return onlyUses(fv, false, func(mc *ssa.MakeClosure) bool { return capturedLoaded(mc, fv) })
}

// capturedLoaded reports whether the function of mc only loads the
// variables it captures as v (capturedLoadedOnly).
func capturedLoaded(mc *ssa.MakeClosure, v ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b == v && !capturedLoadedOnly(fn.FreeVars[i]) {
			return false
		}
	}
	return true
}

// OnlyLoaded reports whether the address addr is only loaded from.
func OnlyLoaded(addr ssa.Value) bool { return onlyUses(addr, false, nil) }

// OnlyLoadedAndStored reports whether the address addr is only loaded
// from and stored to (never stored itself, passed on or offset).
func OnlyLoadedAndStored(addr ssa.Value) bool { return onlyUses(addr, true, nil) }

// onlyUses reports whether the address addr is only loaded from, stored
// to if stores, and captured by closures that captured accepts.
func onlyUses(addr ssa.Value, stores bool, captured func(*ssa.MakeClosure) bool) bool {
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if !stores || r.Addr != addr || r.Val == addr {
				return false
			}
		case *ssa.MakeClosure:
			if captured == nil || !captured(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// storesInto reports whether block b stores into the cell v.
func storesInto(b *ssa.BasicBlock, v ssa.Value) bool {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, instr := range b.Instrs {
		if st, ok := instr.(*ssa.Store); ok && st.Addr == ssa.Value(a) {
			return true
		}
	}
	return false
}

// nilTest returns the operand a comparison with nil tests (x == nil,
// nil != x) and the operator, or nil.
func nilTest(b *ssa.BinOp) (ssa.Value, token.Token) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return nil, 0
	}
	isNil := func(v ssa.Value) bool {
		k, ok := v.(*ssa.Const)
		return ok && k.Value == nil && hasNil(k.Type())
	}
	switch {
	case isNil(b.Y) && !isNil(b.X):
		return b.X, b.Op
	case isNil(b.X) && !isNil(b.Y):
		return b.Y, b.Op
	}
	return nil, 0
}

// hasNil reports whether nil is a value of t (not of a type parameter,
// whose zero value a nil constant also stands for).
func hasNil(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Signature, *types.Interface, *types.Map, *types.Slice, *types.Chan:
		return true
	case *types.Basic:
		return t.Underlying().(*types.Basic).Kind() == types.UnsafePointer
	}
	return false
}
