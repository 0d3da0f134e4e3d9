// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/passes/taint"
)

// The heap analysis names memory by access paths and merges what it
// cannot tell apart: a path cut at its depth bound folds into an
// ancestor, an interface's dynamic value may sit in its holder's object,
// and a summary's link past its bound (a callee that returns a value
// built from its arguments, cfg := check(&ocfg, config)) reaches
// everything below a port. A field address &x.f may then point, in the
// abstract heap, into an object whose type cannot lead to x's type at
// all (nats-server's cfg.RePublish.Source, whose locations included the
// StreamSource objects of the old configuration), which no execution of a
// well-typed program (without unsafe) can do. By default such an object
// is an alias the analysis only suspects, no evidence of an access; the
// strict reading keeps it.

// typedLocs returns the objects of addr's locations that memory of
// addr's type may lie in: for a field address &x.f with x a *S, objects
// of a struct type from which no S can be reached are left out by
// default.
func (c *checker) typedLocs(fl *taint.Flow, addr ssa.Value) []taint.ObjID {
	locs := fl.Locs(addr)
	out := make([]taint.ObjID, 0, len(locs))
	fa, ok := addr.(*ssa.FieldAddr)
	for _, l := range locs {
		switch {
		case !ok:
		case !c.strict && !c.mayHold(fl.Object(l.Obj).Type, fa.X.Type()):
			continue
		case c.strict && pointerWord(fieldType(fa)) && !mayHoldPointers(fl, l.Obj):
			// Kept even by the strict reading: a pointer never lies in
			// memory whose type holds none (see pointerWord).
			continue
		}
		out = append(out, l.Obj)
	}
	return out
}

// The strict reading keeps the aliases that only a conversion through
// unsafe.Pointer could make, but one of them no valid program makes: the
// garbage collector finds pointers by the types memory was allocated
// with, so a word that holds a pointer never lies in memory whose type
// holds none, and the rules of unsafe.Pointer allow a conversion of *T1
// to *T2 only between types of an equivalent memory layout. A field
// address &x.f whose field is one pointer word (a pointer, map, channel,
// function or unsafe.Pointer) therefore points into no object of a type
// without pointers (PiCompute's system.Root, read after &jobs[i] of a
// []Compute was sent, where a deferred closure over system made the heap
// link the actor system to the requests).

// fieldType returns the type of the field fa addresses.
func fieldType(fa *ssa.FieldAddr) types.Type {
	return fa.Type().Underlying().(*types.Pointer).Elem()
}

// pointerWord reports whether values of t are one word that holds a
// pointer.
func pointerWord(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// mayHoldPointers reports whether the memory of abstract object o may
// hold a pointer word. The object a parameter of slice type points to is
// the slice's array; any other object of a slice type may be a slice
// header (the memory of a variable). An object of unknown type may hold
// anything.
func mayHoldPointers(fl *taint.Flow, o taint.ObjID) bool {
	obj := fl.Object(o)
	t := obj.Type
	if t == nil {
		return true
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		if !isSliceParamArray(fl, o) {
			return true
		}
		t = s.Elem()
	}
	return !pointerFreeMemory(t)
}

// isSliceParamArray reports whether o is the root object of a parameter
// of slice type: the array the slice points to on entry.
func isSliceParamArray(fl *taint.Flow, o taint.ObjID) bool {
	obj := fl.Object(o)
	if obj.Kind != taint.Root || obj.Port < 0 || obj.Port >= len(fl.Fn.Params) {
		return false
	}
	if root, ok := fl.Root(obj.Port); !ok || root != o {
		return false
	}
	_, isSlice := fl.Fn.Params[obj.Port].Type().Underlying().(*types.Slice)
	return isSlice
}

// pointerFreeMemory reports whether memory of type t holds no pointer
// words: numbers and booleans, and arrays and structs of them (a string
// holds a pointer to its bytes).
func pointerFreeMemory(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsNumeric|types.IsBoolean) != 0
	case *types.Array:
		return pointerFreeMemory(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if !pointerFreeMemory(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// mayHold memoises the function mayHold for the pass.
func (c *checker) mayHold(obj, ptr types.Type) bool {
	key := [2]types.Type{obj, ptr}
	held, ok := c.holds[key]
	if !ok {
		if c.holds == nil {
			c.holds = make(map[[2]types.Type]bool)
		}
		held = mayHold(obj, ptr)
		c.holds[key] = held
	}
	return held
}

// mayHold reports whether an abstract object of type obj may stand for
// the memory a pointer of type ptr points into: ptr's element type can be
// reached from obj's through fields, elements, pointers, or an interface
// or a function value (which may hold anything). Objects of unknown type,
// and types that are not structs, may stand for anything.
func mayHold(obj, ptr types.Type) bool {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok || obj == nil {
		return true
	}
	want := p.Elem()
	if _, ok := obj.Underlying().(*types.Struct); !ok || hasTypeParams(obj) || hasTypeParams(want) {
		return true
	}
	return leadsTo(obj, want, make(map[types.Type]bool))
}

// leadsTo reports whether memory of type want may be reached from memory
// of type t.
func leadsTo(t, want types.Type, seen map[types.Type]bool) bool {
	if types.Identical(t, want) {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			if leadsTo(u.Field(i).Type(), want, seen) {
				return true
			}
		}
	case *types.Array:
		return leadsTo(u.Elem(), want, seen)
	case *types.Slice:
		return leadsTo(u.Elem(), want, seen)
	case *types.Pointer:
		return leadsTo(u.Elem(), want, seen)
	case *types.Map:
		return leadsTo(u.Key(), want, seen) || leadsTo(u.Elem(), want, seen)
	case *types.Chan:
		return leadsTo(u.Elem(), want, seen)
	case *types.Interface, *types.Signature, *types.TypeParam:
		return true
	}
	return false
}

// hasTypeParams reports whether t mentions a type parameter, whose
// instances the check cannot compare.
func hasTypeParams(t types.Type) bool {
	found := false
	var visit func(types.Type, int)
	visit = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch u := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			if args := u.TypeArgs(); args != nil {
				for i := range args.Len() {
					visit(args.At(i), depth+1)
				}
			}
		case *types.Pointer:
			visit(u.Elem(), depth+1)
		}
	}
	visit(t, 0)
	return found
}
