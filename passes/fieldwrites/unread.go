// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/types"

	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

// This file answers whether a field is never read. A machine may keep,
// in a struct of bookkeeping, a pointer it never follows again
//
//	m.nodes[n.id] = &nodeRef{node: n, inbox: n.inbox}
//	go n.run()
//
// where the package loads only ref.inbox. Memory reachable only through
// such a field is reachable for no code at all, so keeping it races with
// nothing. Only the package can name an unexported field; it reads one
// with a load through its address (a FieldAddr not used only as the
// address of stores) or by extracting it from a struct value (Field).
// Code elsewhere reads it through reflection (fmt prints unexported
// fields), so a value of the struct, or anything that may lead to one,
// must not cross the package's boundary nor be seen by other packages
// through an interface: the boundary of confined.go, where a value of
// the struct counts as well as a pointer to it (valuesConfined), and
// where the receiver of a method with an exported name counts whole,
// since code outside may have made it and read what the method stores
// into it (an exported Server whose SendField keeps s.last). A
// conversion to or from another struct type of the same underlying
// type is such a crossing too (its field reads would be another
// type's). Assumed, as for confinement: no unsafe in the package, no
// //go:linkname into it.

// Unread reports whether field i of struct type t (or of the struct t
// points to), a named non-generic struct of the package analysed with an
// unexported field i, is never read by any code: see the file comment.
// It is false for any other field, for a package that imports unsafe,
// and for the zero Result.
func (r *Result) Unread(t types.Type, i int) bool {
	n, f := ownField(r, t, i)
	if f == nil || f.Exported() || importsUnsafe(r.pass.Pkg) {
		return false
	}
	if u, ok := r.unreadMemo[f]; ok {
		return u
	}
	ssainfo, _ := r.pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	u := ssainfo != nil && !readsField(r.packageCode(ssainfo), f) && r.valuesConfined(n)
	if r.unreadMemo == nil {
		r.unreadMemo = make(map[*types.Var]bool)
	}
	r.unreadMemo[f] = u
	return u
}

// ownField returns the named struct t is (or points to) and its field i,
// when it is a non-generic struct of the package analysed; nil
// otherwise.
func ownField(r *Result, t types.Type, i int) (*types.Named, *types.Var) {
	if r.pass == nil || t == nil {
		return nil, nil
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != r.pass.Pkg || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
		return nil, nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil, nil
	}
	return n, st.Field(i)
}

// readsField reports whether some instruction of funcs reads field f:
// loads through its address, hands its address on, or extracts it from
// a struct value.
func readsField(funcs []*ssa.Function, f *types.Var) bool {
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch i := instr.(type) {
				case *ssa.FieldAddr:
					if fieldVarOf(i.X.Type(), i.Field) == f && !onlyStored(i) {
						return true
					}
				case *ssa.Field:
					if fieldVarOf(i.X.Type(), i.Field) == f {
						return true
					}
				}
			}
		}
	}
	return false
}

// fieldVarOf returns field i of the struct t is, or points to, or nil.
func fieldVarOf(t types.Type, i int) *types.Var {
	u := types.Unalias(t).Underlying()
	if p, ok := u.(*types.Pointer); ok {
		u = p.Elem().Underlying()
	}
	st, ok := u.(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// valuesConfined reports whether no value of the named struct n, nor any
// value that may lead to one, crosses the package's boundary (confined.go,
// by value).
func (r *Result) valuesConfined(n *types.Named) bool {
	return r.confinedBy(boundaryKey{target: n, byValue: true}, nil)
}
