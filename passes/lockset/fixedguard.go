// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is the fixed flag of the default reading, rueidis' Lua:
//
//	func WithLoadSHA1(enabled bool) LuaOption {
//		return func(l *Lua) { l.loadSha1 = enabled }
//	}
//	func (s *Lua) Exec(…) {
//		if s.loadSha1 {
//			s.sha1Mu.Lock()
//			s.sha1 = … // made only on scripts that load their SHA-1
//			s.sha1Mu.Unlock()
//		} else {
//			scriptSha1 = s.sha1 // made only on scripts that do not
//		}
//
// A field is fixed (fixedFlagFields) when the package sets it only on an
// object the setting function has just allocated (a constructor, a
// composite literal) or through the parameter of a function literal of
// type func(*T) (a functional option, applied while the object is made),
// and never stores a whole value of its struct. An access made only
// where an unlocked or locked test of a fixed field of an object found it
// zero (fixedZeroMark in Access.Guards) and one made only where a test
// of the same field found it set (fixedSetMark) never run on one object:
// its field keeps the value it was made with. They are not paired
// (fixedExclusive) when both are fields of the object whose field was
// tested; a guard on another object says nothing of theirs.
//
// What the rule trades: an option applied to an object after it was
// shared, or a constructor's store made after it published the object,
// is taken as made before; an exported field, which importers may set at
// any time, is never fixed. The strict reading has no fixed fields.

// fixedZeroMark and fixedSetMark end the guard of an access made only
// where a fixed field was zero, and only where it was not.
const (
	fixedZeroMark = "fixed0"
	fixedSetMark  = "fixed1"
)

// fixedFlagFields returns the unexported fields of the package's types
// that its functions test against their zero value and set only while
// their object is made (see above). The strict reading has none.
func (c *checker) fixedFlagFields(ff *fieldFacts) map[*types.Var]bool {
	if c.model.Strict {
		return nil
	}
	var out map[*types.Var]bool
	for f := range ff.zeroTested {
		if f.Exported() || ff.escaped[f] || slices.ContainsFunc(ff.stores[f], func(s fieldStore) bool { return !madeHere(s.fa.X) }) {
			continue
		}
		if out == nil {
			out = make(map[*types.Var]bool)
		}
		out[f] = true
	}
	return out
}

// madeHere reports whether the object obj points to is being made where
// a field of it is set: allocated by the same function, or the only
// parameter of a function literal of type func(*T) that returns nothing
// (a functional option).
func madeHere(obj ssa.Value) bool {
	switch obj := obj.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.UnOp:
		// A local variable that closures capture: made here when all
		// that is stored into it is.
		cell, ok := obj.X.(*ssa.Alloc)
		if !ok || obj.Op != token.MUL {
			return false
		}
		stored := false
		for _, r := range *cell.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
				if _, fresh := st.Val.(*ssa.Alloc); !fresh {
					return false
				}
				stored = true
			}
		}
		return stored
	case *ssa.Parameter:
		fn := obj.Parent()
		sig := fn.Signature
		return fn.Parent() != nil && sig.Recv() == nil && sig.Params().Len() == 1 && sig.Results().Len() == 0
	}
	return false
}

// fixedTest returns, for a block ending in a test of a fixed field
// against its zero value, the field's location and the successors
// taken when it is zero and when it is not; "" otherwise.
func (c *checker) fixedTest(b *ssa.BasicBlock) (g string, zero, nonZero *ssa.BasicBlock) {
	if len(c.fixedFlags) == 0 || len(b.Instrs) == 0 {
		return "", nil, nil
	}
	i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return "", nil, nil
	}
	load, onZero := zeroTestLoad(i)
	if load == nil || !c.fixedFlags[ssaops.FieldVar(load.X.(*ssa.FieldAddr))] {
		return "", nil, nil
	}
	if g = c.locOf(load.X); g == "" || isLocal(g) {
		return "", nil, nil
	}
	return g, b.Succs[onZero], b.Succs[1-onZero]
}

// fixedBranches returns, memoised, the first blocks of the branches that
// fn's tests of fixed fields take, each with its guards: the field's
// observation with fixedZeroMark or fixedSetMark. A branch whose block
// other edges also reach guards nothing.
func (c *checker) fixedBranches(fn *ssa.Function) map[*ssa.BasicBlock][]string {
	if len(c.fixedFlags) == 0 {
		return nil
	}
	if m, ok := c.fixedIndex[fn]; ok {
		return m
	}
	var m map[*ssa.BasicBlock][]string
	for _, t := range fn.Blocks {
		g, zero, nonZero := c.fixedTest(t)
		if g == "" {
			continue
		}
		for _, br := range [...]struct {
			b    *ssa.BasicBlock
			mark string
		}{{zero, fixedZeroMark}, {nonZero, fixedSetMark}} {
			if len(br.b.Preds) != 1 {
				continue
			}
			if m == nil {
				m = make(map[*ssa.BasicBlock][]string)
			}
			m[br.b] = union(m[br.b], []string{observation(g, "") + obsSep + br.mark})
		}
	}
	if c.fixedIndex == nil {
		c.fixedIndex = make(map[*ssa.Function]map[*ssa.BasicBlock][]string)
	}
	c.fixedIndex[fn] = m
	return m
}

// fixedGuards returns the guards of an access in block b of fn: the fixed
// fields that a test dominating b found zero, or set.
func (c *checker) fixedGuards(fn *ssa.Function, b *ssa.BasicBlock) []string {
	if b == nil {
		return nil
	}
	var out []string
	for first, gs := range c.fixedBranches(fn) {
		if first.Dominates(b) {
			out = union(out, gs)
		}
	}
	return out
}

// fixedExclusive reports whether a was made only where a fixed field of
// its object had one value and b only where it had the other.
func fixedExclusive(a, b *epAccess) bool {
	if len(a.guards) == 0 || len(b.guards) == 0 {
		return false
	}
	object, ok := selectedObject(a.key)
	if !ok {
		return false
	}
	for _, o := range a.guards {
		var other string
		switch {
		case hasMark(o, fixedZeroMark):
			other = fixedSetMark
		case hasMark(o, fixedSetMark):
			other = fixedZeroMark
		default:
			continue
		}
		g, _ := splitObservation(o)
		if owner, ok := selectedObject(g); !ok || owner != object {
			continue // a test of another object's field
		}
		for _, p := range b.guards {
			if hasMark(p, other) {
				if h, _ := splitObservation(p); h == g {
					return true
				}
			}
		}
	}
	return false
}

// selectedObject returns the path of the object whose field p is, for a path
// that ends in a field selector.
func selectedObject(p string) (string, bool) {
	i := strings.LastIndexAny(p, ".|[*")
	if i < 0 || p[i] != '.' {
		return "", false
	}
	return p[:i], true
}
