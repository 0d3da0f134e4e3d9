// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file tells the writes that only grow the slice a field holds. An
// append writes the elements past the length of the slice it is given;
// when that slice is the one a field holds and the result goes back into
// the same field, and the field is otherwise only ever set to a new slice,
// its length never shrinks while its array stays the same. A copy of the
// slice header taken earlier (a report sent with the errors so far,
// `done <- &Report{Errors: c.errs}`) has at most the length the field had
// then, and the later appends write only past it: they write no element
// that copy can reach by indexing or ranging. Reslicing the copy beyond
// its length (`r.Errors[:cap(r.Errors)]`) reaches them; that is the trade.

// grows reports whether instr, a write after construction, only grows the
// slice a field holds: an append of the field's slice whose result is
// stored back into the same field of the same object, or the address of
// a field that is only ever set to such an append or to a new slice.
func grows(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.Call:
		return appendsToOwnField(i)
	case *ssa.FieldAddr:
		return onlyGrown(i)
	}
	return false
}

// appendsToOwnField reports whether call is `x.f = append(x.f, …)`: an
// append of the slice loaded from a field, whose result is used only to
// be stored back into that field of the same object.
func appendsToOwnField(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || b.Name() != "append" || len(call.Call.Args) == 0 {
		return false
	}
	load, ok := call.Call.Args[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	from, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	stored := false
	for _, ref := range *call.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.Store:
			if to, ok := r.Addr.(*ssa.FieldAddr); ok && r.Val == call && to.X == from.X && to.Field == from.Field {
				stored = true
				continue
			}
		}
		return false
	}
	return stored
}

// onlyGrown reports whether the field address fa is only loaded from and
// stored to, each store keeping the slice's length from shrinking while
// its array stays: the field's own append (appendsToOwnField), nil, or a
// new slice that nothing else holds.
func onlyGrown(fa *ssa.FieldAddr) bool {
	refs := fa.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.UnOp:
			if r.Op == token.MUL {
				continue
			}
		case *ssa.Store:
			if r.Addr != fa {
				return false
			}
			if call, ok := r.Val.(*ssa.Call); ok && appendsToOwnField(call) {
				continue
			}
			if newSliceHeldOnlyBy(r.Val, r) {
				continue
			}
		}
		return false
	}
	return true
}

// newSliceHeldOnlyBy reports whether v is nil, or a slice made right
// there (make, or an append to a slice without capacity) whose only use
// is the store st: no other header of its array exists.
func newSliceHeldOnlyBy(v ssa.Value, st *ssa.Store) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.MakeSlice:
	case *ssa.Call:
		b, ok := v.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || !ssaops.ZeroCap(v.Call.Args[0]) {
			return false
		}
	default:
		return false
	}
	for _, ref := range *v.Referrers() {
		if _, debug := ref.(*ssa.DebugRef); !debug && ref != st {
			return false
		}
	}
	return true
}

// GrowsOnly reports whether every write this package makes after
// construction to a field named field, or to the elements of a slice
// reached through it, only grows the slice the field holds (Write.Grows).
// Only the package's own writes are seen: the answer is complete for an
// unexported field.
func (r *Result) GrowsOnly(field string) bool {
	return field != "" && r.growth[field]
}
