// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file reads the double-buffering idiom, which hands the object a
// field holds to a goroutine and puts another in its place:
//
//	go func(b *Builder) {
//		b.Finish() // not w.builder's object any more
//	}(w.builder)
//	w.builder = NewBuilder() // on every path before w.builder is read again
//
// A pointer loaded from a field whose one use is as an argument of a go
// statement (or a variable a go statement's function literal captures),
// where every path from the go statement stores into the same field of
// the same holder before it returns, reads that field again, or calls
// anything handed the holder, is handed off: once the store is made the
// field names another object, so what the goroutine does through the
// pointer is not an access of the field's object. The default reading
// names it by nothing shared (as unlinked.go's objects); the strict
// reading keeps the field's name.
//
// What the rule trades: another goroutine that loads the field between
// the go statement and the store gets the handed-off object too. Its
// load then races with the store into the field, which is still compared
// (unless both hold a lock the store holds and the go statement does
// not: that race on the object goes unreported).

// handedOff reports whether load, a load of a pointer to a struct from a
// field, is handed off to a goroutine that way.
func (c *checker) handedOff(load *ssa.UnOp, d int) bool {
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !pointsToStruct(load.Type()) {
		return false
	}
	g := handingGo(load)
	f := ssaops.FieldVar(fa)
	if g == nil || f == nil {
		return false
	}
	stores := make(map[*ssa.Store]bool)
	for _, st := range c.fieldStores[f] {
		if st.instr.Parent() == load.Parent() && c.sameHolder(fa, st.fa, d) {
			stores[st.instr] = true
		}
	}
	return len(stores) > 0 && replacedOnEveryPath(g, fa, stores)
}

// handingGo returns the go statement that is load's one use, as an
// argument or as a captured variable of the function literal it starts;
// comparisons (b != nil) and debug references do not count.
func handingGo(load *ssa.UnOp) *ssa.Go {
	var g *ssa.Go
	for _, ref := range *load.Referrers() {
		var next *ssa.Go
		switch ref := ref.(type) {
		case *ssa.BinOp, *ssa.DebugRef:
			continue
		case *ssa.Go:
			if ref.Call.Value == ssa.Value(load) {
				return nil
			}
			next = ref
		case *ssa.MakeClosure:
			refs := *ref.Referrers()
			if len(refs) != 1 {
				return nil
			}
			gs, ok := refs[0].(*ssa.Go)
			if !ok || gs.Call.Value != ssa.Value(ref) {
				return nil
			}
			next = gs
		default:
			return nil
		}
		if g != nil && g != next {
			return nil
		}
		g = next
	}
	return g
}

// sameHolder reports whether two field addresses have the same holder:
// the same value, or, where the holder is itself loaded, the same access
// path.
func (c *checker) sameHolder(a, b *ssa.FieldAddr, d int) bool {
	if a.X == b.X {
		return true
	}
	if _, loaded := a.X.(*ssa.UnOp); !loaded {
		return false
	}
	p := c.pathOfDepth(a.X, d+1, false)
	return p != "" && c.pathOfDepth(b.X, d+1, false) == p
}

// replacedOnEveryPath reports whether every path from g reaches one of
// stores before the function returns, comes back to g, or runs an
// instruction that may read the field fa addresses through its holder: a
// load of that field, or a call or go statement handed the holder.
func replacedOnEveryPath(g *ssa.Go, fa *ssa.FieldAddr, stores map[*ssa.Store]bool) bool {
	leaks := func(instr ssa.Instruction) bool {
		_, ret := instr.(*ssa.Return)
		return ret || instr == ssa.Instruction(g) || readsField(instr, fa)
	}
	replaced := func(instr ssa.Instruction) bool {
		st, ok := instr.(*ssa.Store)
		return ok && stores[st]
	}
	return !ssaops.ReachesWhere(g, leaks, replaced)
}

// readsField reports whether instr may read the field fa addresses
// through the same holder: it takes that field's address, or hands the
// holder to a call.
func readsField(instr ssa.Instruction, fa *ssa.FieldAddr) bool {
	switch instr := instr.(type) {
	case *ssa.FieldAddr:
		return instr.X == fa.X && instr.Field == fa.Field
	case ssa.CallInstruction:
		common := instr.Common()
		if common.Value == fa.X {
			return true
		}
		for _, a := range common.Args {
			if a == fa.X {
				return true
			}
		}
	}
	return false
}
