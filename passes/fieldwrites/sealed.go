// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import "go/types"

// This file answers the strict reading's question about a write after
// construction: not "does the reader's build write it?" (MayBeWritten),
// but "may any code of the program write it?". The facts are complete for
// a field only its package can name: an unexported field of a package that
// does not import unsafe. Every other package can reach such a field only
// by overwriting the whole struct (`*p = pkg.T{}`, `reflect.Value.Set`),
// which the strict reading assumes code outside the build does not do (the
// README's table of the strict reading's assumptions); inside the build,
// such overwrites are facts too (Key(t, -1)).

// MayBeWrittenAnywhere reports whether field i of struct type t (or of the
// struct t points to), with what it holds inline (the fields of a struct
// field; the elements of an array field), may be written after
// construction by any package: it is exported (unless no code outside
// the package can address an object of t, confined.go), its package
// imports unsafe, it is unanalysed (unseenStruct), the build writes it
// (MayBeWritten), or a functional option does (Written.Options), which
// the strict reading cannot tie to a constructor.
func (r *Result) MayBeWrittenAnywhere(t types.Type, i int) bool {
	return r.MayBeWrittenAnywhereWith(t, i, nil)
}

// mayBeWrittenAnywhere is MayBeWrittenAnywhere; within says that the
// field's object can be addressed only by its package's code (a confined
// struct, or memory held inline in one), so that being exported does not
// make the field written.
func (r *Result) mayBeWrittenAnywhere(t types.Type, i int, within bool) bool {
	n, st := namedStruct(t)
	if n == nil || i < 0 || i >= st.NumFields() {
		return true
	}
	f := st.Field(i)
	if f.Exported() && !within || r.MayBeWritten(t, i) {
		return true
	}
	r.load()
	if r.unsafe[n.Obj().Pkg().Path()] || r.optionUnion[Key(t, i)] {
		return true
	}
	return r.inlineMayBeWrittenAnywhere(f.Type(), within)
}

// inlineMayBeWrittenAnywhere reports whether the memory a value of type t
// occupies in place (not what its pointers, slices, maps or channels
// refer to, which is other memory) may be written after construction by
// any package; within says that memory lies in an object only its
// package's code can address. A field of pointer, slice, map, channel,
// function or interface type is one word or a few, written only by
// writing the field.
func (r *Result) inlineMayBeWrittenAnywhere(t types.Type, within bool) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic, *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return false
	case *types.Struct:
		if n, _ := namedStruct(t); n == nil {
			return true // an unnamed struct: its fields have no keys
		}
		for i := range u.NumFields() {
			if r.mayBeWrittenAnywhere(t, i, within) {
				return true
			}
		}
		return false
	}
	return true // an array, whose elements any holder of its address may write; a type parameter
}

// TypeMayBeWrittenAnywhere reports whether memory of type t (or of the type
// t points to), or any memory it refers to, may be written after
// construction by any package. Only a struct whose every field, with what
// it holds inline (MayBeWrittenAnywhere) and what it refers to, is never
// written is not: a variable of another type (an int behind a pointer) is
// written by whoever holds its address, slices, arrays and maps by any
// holder (their facts are by type, and only the build's), an interface
// may hold anything, and a function may capture anything. A channel
// synchronises itself: what it carries is handed over, not shared.
// Following what the memory refers to keeps the answer sound where the
// heap analysis folds memory below a pointer into the object that points
// to it.
func (r *Result) TypeMayBeWrittenAnywhere(t types.Type) bool {
	t = types.Unalias(t)
	if _, isChan := t.Underlying().(*types.Chan); isChan {
		return false
	}
	n, _ := namedStruct(t)
	if n == nil {
		return true
	}
	if written, ok := r.anywhere[n]; ok {
		return written
	}
	written := r.structMayBeWrittenAnywhere(n, make(map[*types.Named][]*types.Named))
	if r.anywhere == nil {
		r.anywhere = make(map[*types.Named]bool)
	}
	r.anywhere[n] = written
	return written
}

// structMayBeWrittenAnywhere reports whether a field of the struct n, or
// what it refers to, may be written after construction by any package;
// seen holds, by their generic origin, the types being judged further up.
func (r *Result) structMayBeWrittenAnywhere(n *types.Named, seen map[*types.Named][]*types.Named) bool {
	judged := seen[n.Origin()]
	for _, m := range judged {
		if types.Identical(m, n) {
			return false // being judged further up
		}
	}
	if len(judged) > 0 {
		// Another instance of a generic type being judged: instances
		// could nest without end, so give up.
		return true
	}
	seen[n.Origin()] = append(judged, n)
	st := n.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if r.MayBeWrittenAnywhere(n, i) || r.referentsMayBeWrittenAnywhere(st.Field(i).Type(), seen) {
			return true
		}
	}
	return false
}

// referentsMayBeWrittenAnywhere reports whether memory a value of type t
// refers to (not the value itself) may be written after construction by
// any package.
func (r *Result) referentsMayBeWrittenAnywhere(t types.Type, seen map[*types.Named][]*types.Named) bool {
	t = types.Unalias(t)
	switch u := t.Underlying().(type) {
	case *types.Basic, *types.Chan:
		return false // a string's bytes never change; a channel synchronises itself
	case *types.Pointer:
		if n, ok := types.Unalias(u.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil {
			if _, isStruct := n.Underlying().(*types.Struct); isStruct {
				return r.structMayBeWrittenAnywhere(n, seen)
			}
		}
		return true
	case *types.Struct:
		// A struct held inline: its own fields are judged with the
		// field that holds it; what they refer to is judged here.
		for i := range u.NumFields() {
			if r.referentsMayBeWrittenAnywhere(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	}
	return true
}

// namedStruct returns the named type t is, or points to, and its struct,
// or nil if it is not a named struct of a package.
func namedStruct(t types.Type) (*types.Named, *types.Struct) {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	return n, st
}
