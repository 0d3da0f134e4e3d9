// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/types"
	"maps"
)

// writtenTypes is what a receiving side writes of what it receives: the
// types of that memory, and of a struct written only by stores to some of
// its fields, those fields (the field-precise future: a request whose
// server sets Result and Err, while its sender reads ID and Reply).
// Memory of unknown type written (an interface's dynamic value, an
// object the heap analysis could not type) makes the set hold every type
// (any). The values are shared: every method returns a new set.
type writtenTypes struct {
	any bool
	// whole holds the types written through any of their parts (a call,
	// an element, a store of the whole value), by typeKey: the
	// receiver's and the sender's flows type memory alike.
	whole map[string]bool
	// fields holds, for the struct types written only by field stores,
	// the fields written.
	fields map[string]map[string]bool
	// inner holds the types of what a written struct holds inline, for
	// hasField: a read of x.reply.N names the field of the reply's type,
	// while the heap types the memory by the exchange that holds it.
	inner map[string]bool
}

// typeKey names a type of memory for writtenTypes. An array that is not
// a named type is named as a slice of its elements: the heap analysis
// types the array a composite literal allocates by the array, the
// receiver's slice by the slice.
func typeKey(t types.Type) string {
	if a, ok := types.Unalias(t).(*types.Array); ok {
		t = types.NewSlice(a.Elem())
	}
	return types.TypeString(t, nil)
}

// with returns s with all of memory of type t written.
func (s writtenTypes) with(t types.Type) writtenTypes {
	if s.any {
		return s
	}
	if t == nil || types.IsInterface(t) {
		return writtenTypes{any: true}
	}
	k := typeKey(t)
	if s.whole[k] {
		return s
	}
	out := s.clone()
	out.whole[k] = true
	delete(out.fields, k)
	out.addInner(t)
	return out
}

// addInner records, in s's own maps, the types t holds inline.
func (s writtenTypes) addInner(t types.Type) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := range st.NumFields() {
		ft := st.Field(i).Type()
		switch ft.Underlying().(type) {
		case *types.Struct, *types.Array:
			if k := typeKey(ft); !s.inner[k] {
				s.inner[k] = true
				s.addInner(ft)
			}
		}
	}
}

// withField returns s with the field named field of struct type t
// written. A field that holds a struct or an array inline writes that
// memory whole, as a store of the whole value.
func (s writtenTypes) withField(t types.Type, field string, ft types.Type) writtenTypes {
	if s.any || s.whole[typeKey(t)] {
		return s
	}
	k := typeKey(t)
	if s.fields[k][field] {
		return s
	}
	out := s.clone()
	switch ft.Underlying().(type) {
	case *types.Struct, *types.Array:
		out.inner[typeKey(ft)] = true
		out.addInner(ft)
	}
	f := maps.Clone(out.fields[k])
	if f == nil {
		f = make(map[string]bool)
	}
	f[field] = true
	out.fields[k] = f
	return out
}

// clone returns a copy of s whose maps may be changed.
func (s writtenTypes) clone() writtenTypes {
	out := writtenTypes{whole: maps.Clone(s.whole), fields: maps.Clone(s.fields), inner: maps.Clone(s.inner)}
	if out.whole == nil {
		out.whole = make(map[string]bool)
	}
	if out.fields == nil {
		out.fields = make(map[string]map[string]bool)
	}
	if out.inner == nil {
		out.inner = make(map[string]bool)
	}
	return out
}

// union returns what s and o write.
func (s writtenTypes) union(o writtenTypes) writtenTypes {
	switch {
	case s.any || o.any:
		return writtenTypes{any: true}
	case o.empty():
		return s
	case s.empty():
		return o
	}
	out := s.clone()
	for k := range o.whole {
		out.whole[k] = true
		delete(out.fields, k)
	}
	maps.Copy(out.inner, o.inner)
	for k, fs := range o.fields {
		if out.whole[k] {
			continue
		}
		f := maps.Clone(out.fields[k])
		if f == nil {
			f = make(map[string]bool)
		}
		maps.Copy(f, fs)
		out.fields[k] = f
	}
	return out
}

// empty reports whether s holds no type.
func (s writtenTypes) empty() bool { return !s.any && len(s.whole) == 0 && len(s.fields) == 0 }

// has reports whether memory of type t may be written: t is in s, s holds
// every type, or t is unknown; or t holds memory of such a type inline
// or refers to it, since the two sides' heaps may split one object
// differently: the sender's slice of jobs is the receiver's job, a
// captured variable's cell is what it points to.
func (s writtenTypes) has(t types.Type) bool {
	switch {
	case s.empty():
		return false
	case s.any || t == nil:
		return true
	}
	return s.holds(t, maxTypeDepth)
}

// hasField reports whether the field named field of memory of struct
// type t may be written.
func (s writtenTypes) hasField(t types.Type, field string) bool {
	switch {
	case s.empty():
		return false
	case s.any || t == nil:
		return true
	}
	k := typeKey(t)
	return s.whole[k] || s.inner[k] || s.fields[k][field]
}

// maxTypeDepth bounds how deep has looks into a type's elements and
// fields.
const maxTypeDepth = 3

// holds reports whether t is or holds, within depth levels of elements
// and fields, a type of s or an interface.
func (s writtenTypes) holds(t types.Type, depth int) bool {
	k := typeKey(t)
	if types.IsInterface(t) || s.whole[k] || len(s.fields[k]) > 0 {
		return true
	}
	if depth == 0 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return s.holds(u.Elem(), depth-1)
	case *types.Slice:
		return s.holds(u.Elem(), depth-1)
	case *types.Array:
		return s.holds(u.Elem(), depth-1)
	case *types.Map:
		return s.holds(u.Key(), depth-1) || s.holds(u.Elem(), depth-1)
	case *types.Struct:
		for i := range u.NumFields() {
			if s.holds(u.Field(i).Type(), depth-1) {
				return true
			}
		}
	}
	return false
}
