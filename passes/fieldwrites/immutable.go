// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/types"

	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

// This file answers whether an interface field only ever holds values
// that carry no memory anyone can write. A timer that delivers the same
// tick on every period keeps it in a field of type any,
//
//	t := &Timer{target: inbox, tick: tick}   // startTimer(…, syncTick{})
//	t.target <- t.tick
//
// and the tick is a boxed struct{}: a box is immutable (a type assertion
// copies what it holds), and a value of a type without pointers, slices,
// maps, channels, functions or interfaces leads nowhere. Only the package
// can store into an unexported field (reflection cannot set one, and
// unsafe is excluded), so the values the field can hold are those the
// package stores into it, and copies of the whole struct, which copy
// such values. Each stored value must be nil, the boxing of a
// pointer-free value, a load of the same field, or a parameter of an
// unexported package-level function that is only ever called, each of
// whose calls passes such a value there. A conversion into the struct
// from another type of the same underlying struct type (whose fields the
// package may have set otherwise) makes the answer no.

// HoldsImmutable reports whether field i of struct type t (or of the
// struct t points to), an unexported field of interface type of a named
// non-generic struct of the package analysed, only ever holds nil or
// boxed pointer-free values: see the file comment. It is false for any
// other field, for a package that imports unsafe, and for the zero
// Result.
func (r *Result) HoldsImmutable(t types.Type, i int) bool {
	n, f := ownField(r, t, i)
	if f == nil || f.Exported() || !types.IsInterface(f.Type()) || importsUnsafe(r.pass.Pkg) {
		return false
	}
	if h, ok := r.immutableMemo[f]; ok {
		return h
	}
	ssainfo, _ := r.pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	h := false
	if ssainfo != nil {
		s := &storedValues{field: f, funcs: r.packageCode(ssainfo), seen: make(map[ssa.Value]bool)}
		h = !s.convertedInto(n) && s.allImmutable()
	}
	if r.immutableMemo == nil {
		r.immutableMemo = make(map[*types.Var]bool)
	}
	r.immutableMemo[f] = h
	return h
}

// storedValues follows the values stored into one field.
type storedValues struct {
	field *types.Var
	funcs []*ssa.Function
	// seen holds the values judged or being judged (a parameter passed
	// on to its own function).
	seen map[ssa.Value]bool
}

// allImmutable reports whether every value the package stores into the
// field is immutable.
func (s *storedValues) allImmutable() bool {
	for _, fn := range s.funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fieldVarOf(fa.X.Type(), fa.Field) == s.field && !s.immutable(st.Val) {
					return false
				}
			}
		}
	}
	return true
}

// immutable reports whether v is nil, a boxed pointer-free value, a load
// of the field, or a parameter every caller passes such a value.
func (s *storedValues) immutable(v ssa.Value) bool {
	if s.seen[v] {
		return true // being judged further up: it adds no other value
	}
	s.seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.MakeInterface:
		return pointerFree(v.X.Type(), make(map[types.Type]bool))
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		return ok && fieldVarOf(fa.X.Type(), fa.Field) == s.field
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !s.immutable(e) {
				return false
			}
		}
		return true
	case *ssa.Parameter:
		args, ok := s.arguments(v)
		if !ok {
			return false
		}
		for _, a := range args {
			if !s.immutable(a) {
				return false
			}
		}
		return true
	}
	return false
}

// arguments returns what every call of p's function passes for p; ok is
// false unless the function is an unexported package-level function of
// the package that its code only ever calls directly.
func (s *storedValues) arguments(p *ssa.Parameter) (args []ssa.Value, ok bool) {
	fn := p.Parent()
	obj, isFunc := fn.Object().(*types.Func)
	if !isFunc || obj.Exported() || fn.Parent() != nil || fn.Signature.Recv() != nil {
		return nil, false
	}
	k := -1
	for i, q := range fn.Params {
		if q == p {
			k = i
		}
	}
	if k < 0 {
		return nil, false
	}
	for _, g := range s.funcs {
		for _, blk := range g.Blocks {
			for _, instr := range blk.Instrs {
				var call *ssa.CallCommon
				if c, isCall := instr.(ssa.CallInstruction); isCall {
					call = c.Common()
				}
				for _, op := range instr.Operands(nil) {
					if *op != fn {
						continue
					}
					if call == nil || op != &call.Value || call.IsInvoke() {
						return nil, false // the function as a value
					}
					args = append(args, call.Args[k])
				}
			}
		}
	}
	return args, true
}

// convertedInto reports whether the package converts a value of another
// type, of n's underlying struct type, into n or a pointer to n.
func (s *storedValues) convertedInto(n *types.Named) bool {
	is := func(t types.Type) bool {
		t = types.Unalias(t)
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		return types.Identical(t, n)
	}
	for _, fn := range s.funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch c := instr.(type) {
				case *ssa.ChangeType:
					if is(c.Type()) && !is(c.X.Type()) {
						return true
					}
				case *ssa.Convert:
					if is(c.Type()) && !is(c.X.Type()) {
						return true
					}
				}
			}
		}
	}
	return false
}

// pointerFree reports whether a value of type t holds no reference to
// other memory: booleans, numbers, strings (immutable), and arrays and
// structs of them.
func pointerFree(t types.Type, seen map[types.Type]bool) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Kind() != types.UntypedNil
	case *types.Array:
		return pointerFree(u.Elem(), seen)
	case *types.Struct:
		if seen[u] {
			return true
		}
		seen[u] = true
		for i := range u.NumFields() {
			if !pointerFree(u.Field(i).Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}
