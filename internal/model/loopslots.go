// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file holds the rule for the slots of a slice that a counted loop
// fills and hands to the goroutines it starts, one slot each:
//
//	for i := range xs {
//		xs[i] = &item{}
//		go func() { xs[i].n++ }()
//	}
//
// The goroutine started in an iteration indexes the slice only with that
// iteration's index: it is handed the index (an argument) or the
// iteration's own variable that holds it (a Go 1.22 loop variable), and
// touches the slice no other way. A later iteration's index differs from
// every earlier one's (IterationIndex), so the slot the spawner
// touches after the go statement, on a path that passes the loop's header
// again, is another goroutine's, not yet started. The loop must not run
// again (an enclosing loop would repeat the indices), and the access must
// be to the slot itself or to what lies inline in it, not through a
// pointer the slot holds, which two slots may share. Both readings: the
// rule is exact for what it accepts.

// LaterSlot reports whether instr, a load or store that the spawner makes
// after start, touches a slot of a slice by the index of a later
// iteration of the loop that runs start, each of whose goroutines keeps
// to its own slot. start runs g (a function or a closure's, with its
// bindings) with args, on another goroutine: a go statement, or a call
// that starts its function argument.
func LaterSlot(start ssa.Instruction, g *ssa.Function, args, bindings []ssa.Value, instr ssa.Instruction) bool {
	slot := slotAddr(instr)
	if slot == nil {
		return false
	}
	loop, carrier := IterationIndex(slot.Index)
	if loop == nil || loop.Reentered() {
		return false
	}
	if blk := start.Block(); blk != loop.Header && !loop.Contains(blk) {
		return false // the go statement is not in the loop
	}
	next := loop.Header.Instrs[0] // where the next iteration starts
	if start == next || ssaops.ReachesAvoiding(start, instr, func(i ssa.Instruction) bool { return i == next }) {
		return false // the same iteration reaches the access
	}
	return keepsToSlot(g, args, bindings, sliceSource(slot.X), carrier)
}

// slotAddr returns the address of the slice element that the load or
// store instr touches, itself or inline in it (a field of a struct
// element, an element of an array element); nil if instr touches no
// element of a slice that way.
func slotAddr(instr ssa.Instruction) *ssa.IndexAddr {
	var addr ssa.Value
	switch instr := instr.(type) {
	case *ssa.Store:
		addr = instr.Addr
	case *ssa.UnOp:
		addr = instr.X
	default:
		return nil
	}
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if _, ok := ssaops.CoreType(a.X.Type()).(*types.Slice); ok {
				return a
			}
			addr = a.X // an element of an array the pointer reaches
		default:
			return nil
		}
	}
}

// sliceSource returns the variable a slice value is loaded from (a local
// a closure captures: every load of it gives the same slice, as nothing
// but the function stores into it), or the value itself.
func sliceSource(v ssa.Value) ssa.Value {
	if u, ok := ssaops.Unconverted(v).(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok {
			return a
		}
	}
	return ssaops.Unconverted(v)
}

// keepsToSlot reports whether g, run with args and bindings, touches the slice
// whose source (sliceSource) is src only at the index that carrier holds:
// it is handed the slice (an argument, or the captured variable, which it
// only loads) and the index, and uses the slice only to take the address
// of that element or to measure it.
func keepsToSlot(g *ssa.Function, args, bindings []ssa.Value, src, carrier ssa.Value) bool {
	if g == nil || len(g.Blocks) == 0 {
		return false
	}
	var held, indices []ssa.Value
	if len(args) == len(g.Params) {
		for j, arg := range args {
			if _, c := IterationIndex(arg); c == carrier {
				indices = append(indices, g.Params[j])
			}
			if sliceSource(arg) == src {
				held = append(held, g.Params[j])
			}
		}
	}
	for k, b := range bindings {
		if k >= len(g.FreeVars) || (b != carrier && b != src) {
			continue
		}
		fv := g.FreeVars[k]
		for _, ref := range *fv.Referrers() {
			u, ok := ref.(*ssa.UnOp)
			if !ok || u.Op != token.MUL {
				return false // stored to, or handed on
			}
			if b == carrier {
				indices = append(indices, u)
			} else {
				held = append(held, u)
			}
		}
	}
	if len(held) == 0 {
		return false
	}
	for _, s := range held {
		for _, ref := range *s.Referrers() {
			switch r := ref.(type) {
			case *ssa.IndexAddr:
				if r.X != s || !slices.Contains(indices, ssaops.Unconverted(r.Index)) {
					return false
				}
			case *ssa.Call:
				if b, ok := r.Call.Value.(*ssa.Builtin); !ok || (b.Name() != "len" && b.Name() != "cap") {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}
