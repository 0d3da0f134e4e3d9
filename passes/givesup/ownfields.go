// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// An actor's own memory is its struct and what its own fields point to:
// memory no message can reach and no one but the actor holds, which its
// handlers may write while the closed receiving side still holds
// (closedactors.go).

// receiverNamed returns the named type of fn's receiver, through a
// pointer, or nil.
func receiverNamed(fn *ssa.Function) *types.Named {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// ownMemory returns the actor's own memory in heap h: its struct self,
// and what its own fields (ownFields) point to.
func ownMemory(fl *taint.Flow, h taint.Heap, self taint.ObjID, fields map[string]bool) taint.ObjSet {
	var own taint.ObjSet
	own.Add(self)
	fl.Reach(h, taint.LocSet{{Obj: self}}, Opaque).Each(func(o taint.ObjID) {
		port, path, ok := fl.PortPath(o)
		if ok && port == 0 && fields[strings.TrimSuffix(path, taint.PathSep)] {
			own.Add(o)
		}
	})
	return own
}

// ownFields returns the fields of the actor type t that hold only the
// actor's own memory: a pointer, slice or map of memory that holds no
// pointers (so nothing can be kept below it), into which every store of
// the package is nil, new memory made there (an allocation, a make, a
// Makes or Copies row's result), or an append to what the same field of
// the same value holds. Such memory is never a message, nor shared with
// whoever made the actor: the handler may write it. A store of a whole
// value of t makes no field own.
func ownFields(m *model.Model, funcs []*ssa.Function, t *types.Named) map[string]bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	cands := make(map[int]bool)
	for i := range st.NumFields() {
		if holdsOnlyPlain(st.Field(i).Type()) {
			cands[i] = true
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch i := instr.(type) {
				case *ssa.Store:
					if types.Identical(i.Val.Type(), t) {
						return nil // a whole value of t, any field
					}
				case *ssa.FieldAddr:
					if !isPointerTo(i.X.Type(), t) || !cands[i.Field] {
						continue
					}
					for _, r := range *i.Referrers() {
						if st, ok := r.(*ssa.Store); ok && st.Addr == i && !ownValue(m, st.Val, i) {
							delete(cands, i.Field)
						}
					}
				}
			}
		}
	}
	out := make(map[string]bool)
	for i := range cands {
		out[st.Field(i).Name()] = true
	}
	return out
}

// isPointerTo reports whether p is a pointer to t.
func isPointerTo(p types.Type, t *types.Named) bool {
	ptr, ok := p.Underlying().(*types.Pointer)
	return ok && types.Identical(ptr.Elem(), t)
}

// holdsOnlyPlain reports whether t is a pointer, slice or map whose
// memory holds no pointers.
func holdsOnlyPlain(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return ssaops.PointerFree(u.Elem())
	case *types.Slice:
		return ssaops.PointerFree(u.Elem())
	case *types.Map:
		return ssaops.PointerFree(u.Key()) && ssaops.PointerFree(u.Elem())
	}
	return false
}

// ownValue reports whether v, stored at the field address fa, is nil, new
// memory, or an append to what fa's field of the same value holds.
func ownValue(m *model.Model, v ssa.Value, fa *ssa.FieldAddr) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		return true
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return sameField(x.Call.Args[0], fa) || ownValue(m, x.Call.Args[0], fa)
		}
		return m.MakesNew(x) || copiesPlain(m, x)
	}
	return false
}

// sameField reports whether v is a load of the field fa addresses, of the
// same value.
func sameField(v ssa.Value, fa *ssa.FieldAddr) bool {
	got, ok := ssaops.LoadedField(v)
	return ok && got.X == fa.X && got.Field == fa.Field
}

// copiesPlain reports whether call is a Copies row (slices.Clone): a new
// container, which for plain elements shares nothing.
func copiesPlain(m *model.Model, call *ssa.Call) bool {
	mc, ok := m.Resolve(call.Common())
	if !ok {
		return false
	}
	_, ok = mc.Row(model.Copies)
	return ok && holdsOnlyPlain(call.Type())
}
