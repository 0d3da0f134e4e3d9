// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// FuncName names a function for a diagnostic: F or (*T).M for functions of
// package from, pkg.F or (*pkg.T).M for others, with no import path and no
// type arguments ((*Cache).Get, not (*Cache[K, V]).Get). An interface
// method is (I).M.
func FuncName(f *types.Func, from *types.Package) string {
	f = f.Origin()
	qual := func(p *types.Package) string {
		if p == from {
			return ""
		}
		return p.Name()
	}
	sig := f.Signature()
	if sig.Recv() == nil {
		if f.Pkg() != nil && f.Pkg() != from {
			return f.Pkg().Name() + "." + f.Name()
		}
		return f.Name()
	}
	t := types.Unalias(sig.Recv().Type())
	star := ""
	if p, ok := t.(*types.Pointer); ok {
		t, star = types.Unalias(p.Elem()), "*"
	}
	recv := types.TypeString(t, qual)
	if n, ok := t.(*types.Named); ok {
		recv = types.TypeString(n.Origin(), qual)
		if i := strings.IndexByte(recv, '['); i >= 0 {
			recv = recv[:i]
		}
	}
	return "(" + star + recv + ")." + f.Name()
}

// SSAFuncName names an SSA function as FuncName does; a function literal is
// "the func literal in" its enclosing function, the body of a
// range-over-func loop "the range-over-func loop in" it, and an instance
// is named by its generic origin.
func SSAFuncName(fn *ssa.Function, from *types.Package) string {
	if RangeFuncBody(fn) && fn.Parent() != nil {
		return "the range-over-func loop in " + SSAFuncName(fn.Parent(), from)
	}
	if fn.Parent() != nil {
		return "the func literal in " + SSAFuncName(fn.Parent(), from)
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return FuncName(obj, from)
	}
	return strings.TrimSuffix(fn.RelString(from), "$bound")
}

// IsBoundMethod reports whether fn is the wrapper the SSA builder makes
// for a method value (x.M): a closure whose one binding is the receiver,
// copied once when the value is made.
func IsBoundMethod(fn *ssa.Function) bool {
	return strings.HasPrefix(fn.Synthetic, "bound method wrapper")
}

// FieldName returns the name of field i of the struct t, or of the struct
// t points to, and false if t's structure is not statically known (a type
// parameter without a core struct type, say).
func FieldName(t types.Type, i int) (string, bool) {
	t = CoreType(t)
	if p, ok := t.(*types.Pointer); ok {
		t = CoreType(p.Elem())
	}
	s, ok := t.(*types.Struct)
	if !ok || i < 0 || i >= s.NumFields() {
		return "", false
	}
	return s.Field(i).Name(), true
}

// FieldVar returns the field fa addresses, or nil.
func FieldVar(fa *ssa.FieldAddr) *types.Var {
	ptr, ok := types.Unalias(fa.X.Type()).Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
}

// CoreType returns the underlying type of t, or, for a type parameter, the
// underlying type of the single type its constraint embeds; otherwise nil.
func CoreType(t types.Type) types.Type {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		iface, _ := tp.Constraint().Underlying().(*types.Interface)
		if iface == nil || iface.NumEmbeddeds() != 1 {
			return nil
		}
		t = iface.EmbeddedType(0)
		if u, ok := t.(*types.Union); ok {
			if u.Len() != 1 {
				return nil
			}
			t = u.Term(0).Type()
		}
	}
	if t == nil {
		return nil
	}
	return t.Underlying()
}
