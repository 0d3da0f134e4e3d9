// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file keeps apart the fields of different types reached through one
// interface value. Access paths are untyped strings, and a type assertion
// views the same memory as its operand, so a callee that switches on the
// dynamic type of its interface parameter,
//
//	func (w *typeWriter) typ(typ Type) {
//		switch t := typ.(type) {
//		case *Interface:
//			… t.check … t.methods[i] …
//		case *Signature:
//			… t.tparams …
//
// named Interface.check and Signature.tparams p:1|.check and
// p:1|.tparams, and a caller that passed its *Named receiver,
// TypeString(t, nil), read t.check, t.methods and t.tparams: the fields of
// the same names of Named, written under t.mu. A path through an
// assertion of an interface to a named type (or a pointer to one) now
// carries that type as a selector, <T>; where a caller's argument for the
// root has a concrete type, the selector goes if the types are the same,
// and the path goes if they are not: an object has one dynamic type, so
// the callee's case that asserted another type never runs on it. A value
// whose dynamic type the caller does not know (an interface passed on)
// keeps the selector, which displays as nothing.

// typeSelOpen and typeSelClose delimit a type selector.
const (
	typeSelOpen  = "<"
	typeSelClose = ">"
)

// typeSel returns the selector for an assertion to t: t's package path
// and name, with a star for a pointer, for a named type or a pointer to
// one; "" for any other type, which is followed as before. The selector
// holds no '.', which separates fields.
func typeSel(t types.Type) string {
	star := ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		star, t = "*", p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface {
		return ""
	}
	key := n.Obj().Pkg().Path() + ":" + n.Obj().Name()
	return typeSelOpen + star + strings.ReplaceAll(key, ".", "·") + typeSelClose
}

// assertedPath returns, for an assertion of an interface to a named type,
// the path of its operand with the type's selector; ok is false for any
// other assertion.
func (c *checker) assertedPath(v *ssa.TypeAssert, d int, regs bool) (p string, ok bool) {
	if !types.IsInterface(v.X.Type()) {
		return "", false
	}
	sel := typeSel(v.AssertedType)
	if sel == "" {
		return "", false
	}
	p = c.pathOfDepth(v.X, d+1, regs)
	if t := dynamicType(v.X); t != nil {
		if typeSel(t) != sel {
			return "", true // the assertion fails: nothing is reached
		}
		return p, true // the function made the interface itself
	}
	return extend(p, sel), true
}

// dynamicType returns the concrete type of the value v holds if it is an
// interface made from a value of a known type (through conversions
// between interfaces), or v's own type if it is not an interface; nil if
// the dynamic type is not known.
func dynamicType(v ssa.Value) types.Type {
	for range maxDepth {
		if !types.IsInterface(v.Type()) {
			return v.Type()
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// matchTypeSel resolves a type selector at the start of sel against the
// caller's argument arg for the root: the selector goes if arg's dynamic
// type is the asserted one, the whole path ("", false) if it is another,
// and sel is kept if arg's dynamic type is not known.
func matchTypeSel(sel string, arg ssa.Value) (string, bool) {
	if !strings.HasPrefix(sel, typeSelOpen) {
		return sel, true
	}
	end := strings.Index(sel, typeSelClose)
	if end < 0 {
		return sel, true
	}
	t := dynamicType(arg)
	if t == nil {
		return sel, true
	}
	if typeSel(t) != sel[:end+1] {
		return "", false
	}
	return sel[end+1:], true
}

// withoutTypeSels returns sel without its type selectors, for display.
func withoutTypeSels(sel string) string {
	for {
		i := strings.Index(sel, typeSelOpen)
		if i < 0 {
			return sel
		}
		j := strings.Index(sel[i:], typeSelClose)
		if j < 0 {
			return sel
		}
		sel = sel[:i] + sel[i+j+1:]
	}
}
