// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Clean memory is memory allocated after the transfer point on the
// current path into which the path stored nothing older than itself: a
// batch made anew right after the old one was sent (`send(batch); batch =
// make(...)`), then filled with new items or with none. The abstract heap
// merges it with the batch sent in an earlier iteration, and with that
// batch's items; on this path it holds none of them. Memory stops being
// clean (it is only made) as soon as the path may store older memory into
// it: a store or map update of an older value, an append or copy of older
// elements, or handing it to code that can store into it (a call whose
// callee's summary links it to other memory, a send, a closure capturing
// it, a store of it into older memory). By default a callee without a
// summary (an interface method implemented elsewhere, a function value
// the analysis cannot resolve) stores nothing, as everywhere else in the
// default reading; -strict takes it to store anything.

// soil demotes the clean memory instr may store older memory into.
func (w *walker) soil(instr ssa.Instruction, cur fresh) {
	switch i := instr.(type) {
	case *ssa.Store:
		if !w.holdsClean(i.Val, cur) {
			w.dirty(i.Addr, cur)
		}
		if w.ageOf(i.Addr, cur) < cleanMemory {
			w.dirty(i.Val, cur) // escapes into memory others may reach
		}
	case *ssa.MapUpdate:
		if !w.holdsClean(i.Key, cur) || !w.holdsClean(i.Value, cur) {
			w.dirty(i.Map, cur)
		}
		if w.ageOf(i.Map, cur) < cleanMemory {
			w.dirty(i.Key, cur)
			w.dirty(i.Value, cur)
		}
	case *ssa.Send:
		w.dirty(i.X, cur)
	case *ssa.MakeClosure:
		// Whoever calls the closure may store into what it captures.
		for _, b := range i.Bindings {
			w.dirty(b, cur)
		}
	case ssa.CallInstruction:
		c := i.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "append", "copy":
				if len(c.Args) == 2 && !w.elemsClean(c.Args[1], cur) {
					w.dirty(c.Args[0], cur)
				}
				return
			case "len", "cap", "delete", "clear", "close", "print", "println", "min", "max":
				return
			}
		}
		// A callee may store what it reaches into what it is given, as its
		// summary links them; by default one without a summary stores
		// nothing (taint.Flow.StoresInto).
		// Port 0 of an interface method is the receiver.
		port := 0
		if c.IsInvoke() {
			if w.fl.StoresInto(i, port) {
				w.dirty(c.Value, cur)
			}
			port++
		}
		for _, a := range c.Args {
			if w.fl.StoresInto(i, port) {
				w.dirty(a, cur)
			}
			port++
		}
	}
}

// appended returns the age of append(args...): new if the first
// argument is new or has no capacity (append then allocates), and clean
// if, besides, that argument and the appended elements are clean.
func (w *walker) appended(args []ssa.Value, cur fresh) age {
	base := w.ageOf(args[0], cur)
	if ssaops.ZeroCap(args[0]) {
		base = cleanMemory
	}
	switch {
	case base == oldMemory:
		return oldMemory
	case base == cleanMemory && (len(args) < 2 || w.elemsClean(args[1], cur)):
		return cleanMemory
	}
	return madeMemory
}

// holdsClean reports whether storing v keeps clean memory clean: v holds
// no references, or only new memory that is itself clean.
func (w *walker) holdsClean(v ssa.Value, cur fresh) bool {
	return ssaops.PointerFree(v.Type()) || w.ageOf(v, cur) >= cleanMemory
}

// elemsClean reports whether the elements of the slice (or string) s
// keep clean memory clean when appended or copied to it.
func (w *walker) elemsClean(s ssa.Value, cur fresh) bool {
	switch t := s.Type().Underlying().(type) {
	case *types.Slice:
		if ssaops.PointerFree(t.Elem()) {
			return true
		}
	case *types.Basic:
		return true // a string's bytes
	}
	return w.ageOf(s, cur) >= cleanMemory
}

// dirty demotes to made the clean memory v may point into, and every
// clean value derived from the same allocations: what v's memory holds
// from now on may be older than the path.
func (w *walker) dirty(v ssa.Value, cur fresh) {
	roots := map[ssa.Value]bool{}
	allocations(v, roots, 0)
	if len(roots) == 0 {
		return
	}
	for k, a := range cur {
		if a != cleanMemory {
			continue
		}
		from := map[ssa.Value]bool{}
		allocations(k, from, 0)
		for r := range from {
			if roots[r] {
				cur[k] = madeMemory
				break
			}
		}
	}
}

// allocations adds to out the values v is derived from by addressing,
// loading or converting: the allocations (or other values) whose memory v
// points into, or which reach v's memory.
func allocations(v ssa.Value, out map[ssa.Value]bool, depth int) {
	if depth > 8 || out[v] {
		return
	}
	out[v] = true
	switch x := v.(type) {
	case *ssa.FieldAddr:
		allocations(x.X, out, depth+1)
	case *ssa.IndexAddr:
		allocations(x.X, out, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			allocations(x.X, out, depth+1)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			allocations(e, out, depth+1)
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			allocations(x.Call.Args[0], out, depth+1)
		}
	default:
		if instr, ok := v.(ssa.Instruction); ok {
			if y, ok := ssaops.Alias(instr); ok {
				allocations(y, out, depth+1)
			}
		}
	}
}
