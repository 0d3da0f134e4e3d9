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
		if !ok || c.strict || c.mayHold(fl.Object(l.Obj).Type, fa.X.Type()) {
			out = append(out, l.Obj)
		}
	}
	return out
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
