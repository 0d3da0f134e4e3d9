// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/passes/givesup"
)

// This file follows what a captured local variable holds along a path.
// A variable that a function literal captures lives in a heap cell, and
// its uses are loads of the cell, which the walk would take for the
// memory the cell held when the path started:
//
//	mem, ok := <-w.memMu
//	defer func() { w.memMu <- mem }()
//	for … {
//		w.memMu <- mem       // hands the shared buffer back
//		w.call()
//		mem, ok = <-w.memMu  // and takes it again
//		mem.count++          // memory received anew, not a use
//	}
//
// When every closure that captures the variable is only deferred or
// called directly where it is made, nothing but the function's own stores
// and those calls writes the cell: a store on the path fixes what later
// loads read, until a call of one of those closures or the deferred calls
// run.

// A cellSlot names, as a key of fresh, what a captured variable's cell
// holds on a path. It is never an operand of an instruction.
type cellSlot struct{ ssa.Value }

// followedCell returns the cell addr is, if it is a captured variable
// that only the function's own stores and direct calls write.
func followedCell(addr ssa.Value) (*ssa.Alloc, bool) {
	a, ok := addr.(*ssa.Alloc)
	if !ok || !a.Heap {
		return nil, false
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != a {
				return nil, false // the cell's address is stored
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil, false
			}
		case *ssa.MakeClosure:
			if !calledOnly(r) {
				return nil, false
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return a, true
}

// calledOnly reports whether the closure mc is only deferred or called
// where it is made (givesup.CalledOnly), and never by a go statement: no
// other goroutine runs it.
func calledOnly(mc *ssa.MakeClosure) bool {
	if !givesup.CalledOnly(mc) {
		return false
	}
	for _, ref := range *mc.Referrers() {
		if _, ok := ref.(*ssa.Go); ok {
			return false
		}
	}
	return true
}

// renewCells records what instr stores into followed cells, and forgets
// what the path knew of them at a call of a literal that captures them or
// where the deferred calls run.
func (w *walker) renewCells(instr ssa.Instruction, cur fresh) {
	switch i := instr.(type) {
	case *ssa.Store:
		if a, ok := followedCell(i.Addr); ok {
			if age := w.ageOf(i.Val, cur); age != oldMemory {
				cur[cellSlot{a}] = age
			} else {
				delete(cur, cellSlot{a})
			}
		}
	case *ssa.Call:
		// Only the literals that capture a cell write it, and they are
		// only called where they are made (followedCell).
		mc, ok := i.Call.Value.(*ssa.MakeClosure)
		if !ok {
			return
		}
		for _, b := range mc.Bindings {
			delete(cur, cellSlot{b})
		}
	case *ssa.RunDefers:
		for k := range cur {
			if _, ok := k.(cellSlot); ok {
				delete(cur, k)
			}
		}
	}
}

// cellContent returns the age of what a load reads from a followed cell
// that the path stored into.
func cellContent(load *ssa.UnOp, cur fresh) (age, bool) {
	if load.Op != token.MUL {
		return oldMemory, false
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return oldMemory, false
	}
	age, ok := cur[cellSlot{a}]
	return age, ok
}
