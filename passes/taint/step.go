// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// step applies one instruction to the heap h and records the locations of
// the value it defines.
func (f *Flow) step(instr ssa.Instruction, h Heap) {
	if e, ok := instr.(*ssa.Extract); ok {
		if _, ok := e.Tuple.(*ssa.Select); ok {
			f.setVal(e, f.selectReceived(e))
			return
		}
	}
	if x, ok := ssaops.Alias(instr); ok {
		f.setVal(instr.(ssa.Value), f.val(x))
		return
	}
	switch i := instr.(type) {
	case *ssa.Alloc:
		name := i.Comment
		if name == "" {
			name = "new(" + types.TypeString(pointee(i.Type()), nil) + ")"
		}
		f.setVal(i, LocSet{{f.site(i, Alloc, pointee(i.Type()), name), ""}})
	case *ssa.MakeSlice:
		f.setVal(i, LocSet{{f.site(i, Alloc, i.Type(), "make("+types.TypeString(i.Type(), nil)+")"), ""}})
	case *ssa.MakeMap:
		f.setVal(i, LocSet{{f.site(i, Alloc, i.Type(), "make("+types.TypeString(i.Type(), nil)+")"), ""}})
	case *ssa.MakeChan:
		f.setVal(i, LocSet{{f.site(i, Alloc, i.Type(), "make("+types.TypeString(i.Type(), nil)+")"), ""}})
	case *ssa.MakeClosure:
		id := f.site(i, Alloc, i.Type(), "func literal")
		if f.sharedBound(i) {
			f.objs[id].Shared = true
		}
		for k, b := range i.Bindings {
			h.write(Loc{id, bindingKey(k)}, f.val(b), f.objs[id].Single)
		}
		f.setVal(i, LocSet{{id, ""}})
	case *ssa.Store:
		addrs := f.val(i.Addr)
		strong := len(addrs) == 1 && f.objs[addrs[0].Obj].Single && strongKey(addrs[0].Key)
		if strong && f.copyStruct(h, addrs[0], i.Val) {
			break
		}
		val := f.val(i.Val)
		for _, a := range addrs {
			h.write(a, val, strong)
		}
	case *ssa.UnOp:
		switch i.Op {
		case token.MUL:
			if f.sv.tracked(i.Type()) {
				f.setVal(i, f.load(h, f.val(i.X), i.Type()))
			}
		case token.ARROW:
			if f.sv.tracked(i.Type()) {
				f.setVal(i, LocSet{{f.site(i, Received, recvType(i.Type(), i.CommaOk), "received value"), ""}})
			}
		}
	case *ssa.FieldAddr:
		name := fieldName(i.X.Type(), i.Field)
		f.setVal(i, rekey(f.val(i.X), name))
	case *ssa.IndexAddr:
		f.setVal(i, rekey(f.val(i.X), elemKey))
	case *ssa.Phi:
		for _, e := range i.Edges {
			f.setVal(i, f.val(e))
		}
	case *ssa.Convert:
		if isUnsafePointer(i.Type()) && !f.sv.tracked(i.X.Type()) {
			// A pointer made from an integer may point anywhere: the
			// strict reading says so; by default it is memory of its
			// own, as for a call the analysis cannot see into, so that
			// the unsafe tricks of encoders and hash functions do not
			// write everything their callers can reach.
			at := LocSet{{f.site(i, Alloc, nil, "memory at an integer address"), anyKey}}
			if f.sv.res.strict {
				at = union(f.anywhere(), at)
			}
			f.setVal(i, at)
		} else {
			f.setVal(i, f.val(i.X))
		}
	case *ssa.Lookup:
		// The entry loaded is of the map's entry type, also when the
		// instruction's own type is the tuple of a comma-ok lookup: the
		// first load of an entry of a parameter's map makes its object,
		// whose type says what fieldwrites knows of its writes.
		if entry := f.sv.entryType(i.X.Type()); entry != nil && f.sv.tracked(i.Type()) {
			f.setVal(i, f.load(h, rekey(f.val(i.X), elemKey), entry))
		}
	case *ssa.MapUpdate:
		stored := union(f.val(i.Key), f.val(i.Value))
		for _, m := range rekey(f.val(i.Map), elemKey) {
			h.write(m, stored, false)
		}
	case *ssa.Range:
		f.setVal(i, f.val(i.X))
	case *ssa.Next:
		// The tuple (ok, key, value) holds the map's entries: their
		// object is of the entry type, as for a lookup.
		if r, ok := i.Iter.(*ssa.Range); ok && !i.IsString && f.sv.tracked(i.Type()) {
			if entry := f.sv.entryType(r.X.Type()); entry != nil {
				f.setVal(i, f.load(h, rekey(f.val(i.Iter), elemKey), entry))
			}
		}
	case *ssa.Select:
		var all LocSet
		for _, r := range *i.Referrers() {
			if e, ok := r.(*ssa.Extract); ok {
				all = union(all, f.selectReceived(e))
			}
		}
		f.setVal(i, all)
	case *ssa.Call:
		f.setVal(i, f.call(i.Common(), i, h))
	case *ssa.Go:
		f.call(i.Common(), i, h)
	case *ssa.Defer:
		f.call(i.Common(), i, h)
	}
}

// selectReceived returns the locations of e, a component of a select's
// tuple: each receiving case's value is an object of its own, made at e
// (the components before them, the chosen index and recvOk, hold no
// memory).
func (f *Flow) selectReceived(e *ssa.Extract) LocSet {
	if e.Index < 2 || !f.sv.tracked(e.Type()) {
		return nil
	}
	return LocSet{{f.site(e, Received, pointee(e.Type()), "received value"), ""}}
}

// anywhere is where a pointer made from an integer may point: any memory
// the function can see (and, added by the caller, memory it cannot).
func (f *Flow) anywhere() LocSet {
	var out []Loc
	for _, id := range f.roots {
		out = append(out, Loc{id, anyKey})
	}
	return makeSet(out...)
}

// rekey moves every location to the path key below it.
func rekey(s LocSet, key string) LocSet {
	if len(s) == 0 {
		return nil
	}
	out := make([]Loc, len(s))
	for i, l := range s {
		out[i] = Loc{l.Obj, subKey(l.Key, key)}
	}
	return makeSet(out...)
}

func bindingKey(k int) string {
	return "$" + string(rune('a'+k%26)) + string(rune('0'+k/26%10))
}

// fieldName returns the heap key of field index of the struct ptr points
// to: its name, except that blank fields, which may be many, get keys of
// their own; anyKey if the struct is not known.
func fieldName(ptr types.Type, index int) string {
	name, ok := ssaops.FieldName(ptr, index)
	switch {
	case !ok:
		return anyKey
	case name == "_":
		return "_" + string(rune('0'+index%10))
	}
	return name
}

func recvType(t types.Type, commaOk bool) types.Type {
	if tup, ok := t.(*types.Tuple); ok && commaOk && tup.Len() > 0 {
		return pointee(tup.At(0).Type())
	}
	return pointee(t)
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// tracked reports whether values of type t may hold references, so that
// the analysis keeps their locations.
func tracked(t types.Type, seen map[types.Type]bool) bool {
	return trackedIn(t, seen, false)
}

// trackedIn is tracked where, with pointerFreeParams, a type parameter
// stands for pointer-free type arguments only (pointerFreeParam): the
// reading of a generic body under which Summary.PointerFreeArgs is
// computed.
func trackedIn(t types.Type, seen map[types.Type]bool, pointerFreeParams bool) bool {
	if v, ok := seen[t]; ok {
		return v
	}
	seen[t] = false // cut recursion through named types
	var r bool
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok && pointerFreeParams {
		r = !pointerFreeParam(tp, seen)
		seen[t] = r
		return r
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		r = u.Kind() == types.UnsafePointer
	case *types.Struct:
		for i := 0; i < u.NumFields() && !r; i++ {
			r = trackedIn(u.Field(i).Type(), seen, pointerFreeParams)
		}
	case *types.Array:
		r = trackedIn(u.Elem(), seen, pointerFreeParams)
	case *types.Tuple:
		for i := 0; i < u.Len() && !r; i++ {
			r = trackedIn(u.At(i).Type(), seen, pointerFreeParams)
		}
	default:
		r = true
	}
	seen[t] = r
	return r
}

// val returns the locations of v: package-level variables are places in
// the globals object, and constants and functions reference no memory.
func (f *Flow) val(v ssa.Value) LocSet {
	if g, ok := v.(*ssa.Global); ok {
		return LocSet{{f.global, globalKey(g)}}
	}
	return f.vals[v]
}

// globalKey names a package-level variable as a field of the globals
// object; dots are replaced so that the key stays one path element.
func globalKey(g *ssa.Global) string {
	path := ""
	if g.Pkg != nil {
		path = g.Pkg.Pkg.Path()
	}
	return strings.ReplaceAll(path, ".", "·") + "·" + g.Name()
}
