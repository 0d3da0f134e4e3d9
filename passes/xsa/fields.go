// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// unwrittenReads reports whether the load of a pending field only reads,
// of the memory it reaches, fields that no one writes after construction
// (fieldwrites; in the strict reading, fields that no code, in the build
// or not, may write): such reads race with no one, as condition 3 judges
// a read after a transfer. below says what the field holds itself was not
// given up (ownership.Kept.Below): then the container it holds (a map, a
// slice) is the machine's own, which it may measure, look up, range over,
// reslice and update, and only what comes out of it is judged.
//
// The loaded value is followed through its function: element lookups,
// ranges and loads of element addresses yield what the container holds,
// loads of unwritten fields yield what they hold; any other use (a call, a
// store, a conversion, a return, a phi) is a read of what was sent, and so
// is a store into any of it.
func (lf *lifter) unwrittenReads(load *ssa.UnOp, below bool) bool {
	type item struct {
		v ssa.Value
		// container says v is the machine's own container (below).
		container bool
	}
	queue := []item{{load, below}}
	seen := make(map[ssa.Value]bool)
	push := func(v ssa.Value, container bool) {
		if !seen[v] && !ssaops.PointerFree(v.Type()) {
			seen[v] = true
			queue = append(queue, item{v, container})
		}
	}
	// elemLoads pushes the values loaded from an element's address and
	// reports whether the address is only loaded from, or, in the
	// machine's own container, also stored into (its slot, not what was
	// sent).
	elemLoads := func(addr ssa.Value, container bool) bool {
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
				push(r, false)
			case *ssa.Store:
				if !container || r.Val == addr {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, r := range *it.v.Referrers() {
			ok := false
			switch r := r.(type) {
			case *ssa.DebugRef:
				ok = true
			case *ssa.FieldAddr:
				// A field of a struct given up: readable when no one
				// writes it, and when it does not hold a struct or array
				// inline, whose own fields' writes are not its.
				ok = !it.container && !inline(r.Type()) && !lf.fieldMayBeWritten(r.X.Type(), r.Field) && elemLoads(r, false)
			case *ssa.Field:
				ok = !it.container
				push(r, false)
			case *ssa.BinOp:
				ok = r.Op == token.EQL || r.Op == token.NEQ
			case *ssa.Lookup:
				if r.X != it.v {
					ok = true // a pointer used as a key is compared
					break
				}
				ok = it.container
				push(r, false)
			case *ssa.Extract:
				ok = true
				push(r, false)
			case *ssa.Range:
				ok = it.container
				push(r, true)
			case *ssa.Next:
				ok = it.container
				push(r, false)
			case *ssa.IndexAddr:
				ok = it.container && r.X == it.v && elemLoads(r, true)
			case *ssa.Index:
				ok = it.container && r.X == it.v
				push(r, false)
			case *ssa.Slice:
				ok = it.container
				push(r, true)
			case *ssa.MapUpdate:
				ok = it.container && r.Map == it.v && r.Value != it.v
			case *ssa.Call:
				ok = it.container && containerBuiltin(r, it.v)
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// inline reports whether the address type t points to a struct or an
// array, whose load copies every field or element it holds.
func inline(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	switch p.Elem().Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// containerBuiltin reports whether call measures a container or deletes
// one of its keys: len(v), cap(v), delete(v, k).
func containerBuiltin(call *ssa.Call, v ssa.Value) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || len(call.Call.Args) == 0 || call.Call.Args[0] != v {
		return false
	}
	switch b.Name() {
	case "len", "cap", "delete":
		return true
	}
	return false
}

// fieldMayBeWritten reports whether field i of the struct t points to may
// be written after construction: by the build (fieldwrites) by default, by
// any code in the strict reading, where an exported field of a struct
// whose objects reach no code outside the package, but through sends to
// the package's own actors, is written by the package alone.
func (lf *lifter) fieldMayBeWritten(t types.Type, i int) bool {
	if lf.fields == nil {
		return true
	}
	if lf.model.Strict {
		return lf.fields.MayBeWrittenAnywhereWith(t, i, lf.delivers)
	}
	return lf.fields.MayBeWritten(t, i)
}
