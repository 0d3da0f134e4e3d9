// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A latch is a boolean field of a machine that, once set, stays set: an
// unexported field of a struct type of the package (without type
// parameters) of type bool, whose every store in the package stores the
// constant true and whose address is used for nothing but those stores
// and loads, in a package that neither imports unsafe nor writes a whole
// value of the type or of one that holds it by value (*m = T{}, a copy
// into a []T, *o = Outer{}), which would reset it.
// A machine that sets a latch when it sends its result and tests it
// first in every later handler (LeaderElection's d.finished) reads
// nothing after the send on the paths where the latch is set:
//
//	d.finished = true
//	out := d.outcome
//	d.result <- &out
//	...
//	case *LeaderReport:
//		if d.finished || … { return }
//
// The scan follows only the true branch of a test of a latch it knows
// set on that machine: set before the transfer on every path to it, or
// set on the path since. Code outside the package cannot name the field;
// that it does not overwrite a whole machine value is the assumption
// (README, cross-state analysis).

// A latchKey names a field of a struct type.
type latchKey struct {
	named *types.Named
	field string
}

// findLatches returns the latches of the package's types.
func findLatches(pkg *types.Package, funcs []*ssa.Function) map[latchKey]bool {
	latches := make(map[latchKey]bool)
	if slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == "unsafe" }) {
		return latches
	}
	broken := make(map[latchKey]bool)
	wholeWrites := make(map[*types.Named]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch i := instr.(type) {
				case *ssa.FieldAddr:
					key, ok := boolField(pkg, i)
					if !ok {
						continue
					}
					latches[key] = true
					if !latchUses(i) {
						broken[key] = true
					}
				case *ssa.Store:
					heldByValue(i.Val.Type(), wholeWrites)
				case *ssa.Call:
					if bi, ok := i.Call.Value.(*ssa.Builtin); ok && bi.Name() == "copy" {
						if s, ok := i.Call.Args[0].Type().Underlying().(*types.Slice); ok {
							heldByValue(s.Elem(), wholeWrites)
						}
					}
				}
			}
		}
	}
	for key := range latches {
		if broken[key] || wholeWrites[key.named] {
			delete(latches, key)
		}
	}
	return latches
}

// heldByValue adds to out the named types whose values a value of type t
// holds in its own memory: t itself, and the types of its fields and
// array elements, so that storing a whole Outer{} counts as writing the
// T it holds by value.
func heldByValue(t types.Type, out map[*types.Named]bool) {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if out[n] {
			return
		}
		out[n] = true
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for f := range u.Fields() {
			heldByValue(f.Type(), out)
		}
	case *types.Array:
		heldByValue(u.Elem(), out)
	}
}

// boolField returns the field fa addresses when it is an unexported bool
// field of a struct type of pkg without type parameters.
func boolField(pkg *types.Package, fa *ssa.FieldAddr) (latchKey, bool) {
	named := pointee(fa.X.Type())
	if named == nil || named.Obj().Pkg() != pkg || named.TypeParams().Len() > 0 {
		return latchKey{}, false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return latchKey{}, false
	}
	f := st.Field(fa.Field)
	if f.Exported() || f.Embedded() {
		return latchKey{}, false
	}
	if b, ok := f.Type().(*types.Basic); !ok || b.Kind() != types.Bool {
		return latchKey{}, false
	}
	return latchKey{named, f.Name()}, true
}

// latchUses reports whether the field address fa is only stored the
// constant true to, or loaded.
func latchUses(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != fa || !ssaops.IsTrue(r.Val) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// latchOf returns the latch of the machine base that addr addresses.
func (lf *lifter) latchOf(addr ssa.Value, base ssa.Value) (string, bool) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok || fa.X != base {
		return "", false
	}
	key, ok := boolField(lf.pass.Pkg, fa)
	if !ok || !lf.latches[key] {
		return "", false
	}
	return key.field, true
}

// setsLatch returns the latch of base that instr sets.
func (lf *lifter) setsLatch(instr ssa.Instruction, base ssa.Value) (string, bool) {
	st, ok := instr.(*ssa.Store)
	if !ok || !ssaops.IsTrue(st.Val) {
		return "", false
	}
	return lf.latchOf(st.Addr, base)
}

// latchedAt returns the latches of base set on every path to instr: by
// stores that dominate it.
func (lf *lifter) latchedAt(instr ssa.Instruction, base ssa.Value) []string {
	var out []string
	at := instr.Block()
	idx := slices.Index(at.Instrs, instr)
	for _, b := range instr.Parent().Blocks {
		if !b.Dominates(at) {
			continue
		}
		for k, i := range b.Instrs {
			if b == at && k >= idx {
				break
			}
			if f, ok := lf.setsLatch(i, base); ok {
				out = union(out, []string{f})
			}
		}
	}
	slices.Sort(out)
	return out
}

// successors returns the successors of b a path may take when the
// latches of base in latched are set: a test of one of them goes one way
// only.
func (lf *lifter) successors(b *ssa.BasicBlock, base ssa.Value, latched []string) []*ssa.BasicBlock {
	if len(latched) == 0 || len(b.Instrs) == 0 {
		return b.Succs
	}
	cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || len(b.Succs) != 2 {
		return b.Succs
	}
	v, taken := cond.Cond, 0
	if not, ok := v.(*ssa.UnOp); ok && not.Op == token.NOT {
		v, taken = not.X, 1
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return b.Succs
	}
	if f, ok := lf.latchOf(load.X, base); ok && slices.Contains(latched, f) {
		return b.Succs[taken : taken+1]
	}
	return b.Succs
}
