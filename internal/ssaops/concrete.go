// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxConcreteDepth bounds how far ConcreteTypes follows a value through
// calls and phis.
const maxConcreteDepth = 4

// A Concrete is what is known of the dynamic type of an interface value:
// a type the package can name, or a token that a ConcreteTypes' Import
// hook gave for a result of another package's function; neither when
// nothing is known.
type Concrete struct {
	Type     types.Type
	Imported any
}

// Known reports whether anything is known.
func (c Concrete) Known() bool { return c.Type != nil || c.Imported != nil }

// join returns the one type of two values that may flow to the same
// place, and whether they agree; the zero Concrete agrees with anything
// (a nil value has no dynamic type).
func (c Concrete) join(d Concrete) (Concrete, bool) {
	switch {
	case !c.Known():
		return d, true
	case !d.Known():
		return c, true
	case c.Type != nil && d.Type != nil && types.Identical(c.Type, d.Type):
		return c, true
	case c.Imported != nil && d.Imported != nil && c.Imported == d.Imported:
		return c, true
	}
	return Concrete{}, false
}

// ConcreteTypes finds the one concrete type that interface values of a
// package hold whenever they are not nil: a value converted to the
// interface, the result of a function whose every non-nil return holds
// one type (a constructor's), a load of a local variable that closures
// capture only to read it (CellContents, with Cells), or a load of an unexported field of
// interface type of the package's structs whose every store holds one
// type and whose address the package takes only to load or store it
// (only the package can store into it; what it trades: a field set
// through reflect or unsafe). A ConcreteTypes is not safe for concurrent
// use.
type ConcreteTypes struct {
	pkg *types.Package
	// Import, if not nil, says what is known of result i of fn, a
	// function of another package (or an instance of its generic
	// function): a comparable token, or nil.
	Import func(fn *ssa.Function, i int) any
	// Cells, if set, resolves loads of local variables through what
	// their functions store (CellContents). The lockset pass sets it;
	// the heap analysis does not, since the ownership pass would then
	// judge by its concrete type a value that its interface alone keeps
	// from being transferred (nats.go's JetStreamContext, safe for
	// concurrent use, captured by a test's goroutines: on the corpus
	// this added five reports, all false).
	Cells  bool
	fields map[*types.Var]Concrete
	busy   map[*ssa.Function]bool
}

// NewConcreteTypes returns the resolver of pkg, whose functions are
// funcs; imp is its Import hook.
func NewConcreteTypes(pkg *types.Package, funcs []*ssa.Function, imp func(fn *ssa.Function, i int) any) *ConcreteTypes {
	ct := &ConcreteTypes{pkg: pkg, Import: imp, busy: make(map[*ssa.Function]bool)}
	ct.fields = ct.fieldTypes(funcs)
	return ct
}

// Fork returns a resolver of the same package that shares what ct found
// of the fields (read only) and has its own Import hook and state: one
// per goroutine, since a ConcreteTypes is not safe for concurrent use.
// The hook's tokens must compare equal to ct's for the same result.
func (ct *ConcreteTypes) Fork(imp func(fn *ssa.Function, i int) any) *ConcreteTypes {
	return &ConcreteTypes{pkg: ct.pkg, Import: imp, Cells: ct.Cells, fields: ct.fields, busy: make(map[*ssa.Function]bool)}
}

// Of says what is known of the dynamic type of v, a value of interface
// type.
func (ct *ConcreteTypes) Of(v ssa.Value) Concrete { return ct.of(v, 0) }

func (ct *ConcreteTypes) of(v ssa.Value, depth int) Concrete {
	if depth > maxConcreteDepth {
		return Concrete{}
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(v.X.Type()) {
			return Concrete{}
		}
		return Concrete{Type: v.X.Type()}
	case *ssa.ChangeInterface:
		return ct.of(v.X, depth+1)
	case *ssa.Phi:
		return ct.joinAll(v.Edges, depth+1)
	case *ssa.Call:
		return ct.result(&v.Call, 0, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return ct.result(&call.Call, v.Index, depth)
		}
	case *ssa.UnOp:
		if fa, ok := LoadedField(v); ok {
			return ct.fields[fieldAddrVar(fa)]
		}
		if !ct.Cells || v.Op != token.MUL {
			break
		}
		if vals, ok := CellContents(v.X); ok {
			return ct.joinAll(vals, depth+1)
		}
	case *ssa.Field:
		return ct.fields[structField(v.X.Type(), v.Field)]
	}
	return Concrete{}
}

// joinAll joins what is known of each value, skipping nil constants; the
// zero Concrete when any is unknown or two disagree.
func (ct *ConcreteTypes) joinAll(vals []ssa.Value, depth int) Concrete {
	var c Concrete
	for _, v := range vals {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		vc := ct.of(v, depth)
		if !vc.Known() {
			return Concrete{}
		}
		var ok bool
		if c, ok = c.join(vc); !ok {
			return Concrete{}
		}
	}
	return c
}

// result says what is known of result i of the static callee of c.
func (ct *ConcreteTypes) result(c *ssa.CallCommon, i, depth int) Concrete {
	fn := c.StaticCallee()
	if fn == nil {
		return Concrete{}
	}
	if fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != ct.pkg {
		if ct.Import == nil {
			return Concrete{}
		}
		if tok := ct.Import(fn, i); tok != nil {
			return Concrete{Imported: tok}
		}
		return Concrete{}
	}
	if ct.busy[fn] {
		return Concrete{}
	}
	ct.busy[fn] = true
	defer delete(ct.busy, fn)
	return ct.returned(fn, i, depth+1)
}

// Returned says what is known of result i of fn, a function of the
// package with a body, at every return where it is not nil.
func (ct *ConcreteTypes) Returned(fn *ssa.Function, i int) Concrete {
	if ct.busy[fn] {
		return Concrete{}
	}
	ct.busy[fn] = true
	defer delete(ct.busy, fn)
	return ct.returned(fn, i, 0)
}

func (ct *ConcreteTypes) returned(fn *ssa.Function, i, depth int) Concrete {
	var vals []ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		vals = append(vals, ret.Results[i])
	}
	return ct.joinAll(vals, depth)
}

// fieldTypes computes what is known of the package's unexported fields of
// interface type (see ConcreteTypes).
func (ct *ConcreteTypes) fieldTypes(funcs []*ssa.Function) map[*types.Var]Concrete {
	stores := make(map[*types.Var][]ssa.Value)
	escaped := make(map[*types.Var]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := fieldAddrVar(fa)
				if f == nil || f.Exported() || f.Pkg() != ct.pkg || !types.IsInterface(f.Type()) {
					continue
				}
				refs := fa.Referrers()
				if refs == nil {
					continue
				}
				for _, ref := range *refs {
					switch ref := ref.(type) {
					case *ssa.Store:
						if ref.Addr == fa && ref.Val != fa {
							stores[f] = append(stores[f], ref.Val)
							continue
						}
					case *ssa.UnOp:
						if ref.Op == token.MUL {
							continue
						}
					case *ssa.DebugRef:
						continue
					}
					escaped[f] = true
				}
			}
		}
	}
	out := make(map[*types.Var]Concrete)
	for f, vals := range stores {
		if escaped[f] {
			continue
		}
		if c := ct.joinAll(vals, 1); c.Known() {
			out[f] = c
		}
	}
	return out
}

// MethodOf returns the function that implements m for values of the
// concrete type t, or nil. For a type that mentions type parameters (a
// generic constructor's result), it is the generic method, declared on
// the type itself (not promoted from an embedded field, whose receiver
// would be another object).
func MethodOf(prog *ssa.Program, t types.Type, m *types.Func) *ssa.Function {
	if HasTypeParam(t) {
		obj, index, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		f, ok := obj.(*types.Func)
		if !ok || len(index) != 1 {
			return nil
		}
		return prog.FuncValue(f.Origin())
	}
	sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	return prog.MethodValue(sel)
}

// HasTypeParam reports whether t is or contains a type parameter.
func HasTypeParam(t types.Type) bool { return hasTypeParam(t, make(map[types.Type]bool)) }

func hasTypeParam(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return hasTypeParam(t.Elem(), seen)
	case *types.Slice:
		return hasTypeParam(t.Elem(), seen)
	case *types.Array:
		return hasTypeParam(t.Elem(), seen)
	case *types.Chan:
		return hasTypeParam(t.Elem(), seen)
	case *types.Map:
		return hasTypeParam(t.Key(), seen) || hasTypeParam(t.Elem(), seen)
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if hasTypeParam(a, seen) {
				return true
			}
		}
	case *types.Signature:
		return hasTypeParam(t.Params(), seen) || hasTypeParam(t.Results(), seen)
	case *types.Tuple:
		for v := range t.Variables() {
			if hasTypeParam(v.Type(), seen) {
				return true
			}
		}
	case *types.Struct:
		for f := range t.Fields() {
			if hasTypeParam(f.Type(), seen) {
				return true
			}
		}
	}
	return false
}

// fieldAddrVar returns the field fa addresses, as declared on the generic
// type for a field of an instance; nil when fa's operand is of a type
// parameter's type.
func fieldAddrVar(fa *ssa.FieldAddr) *types.Var {
	if f := FieldVar(fa); f != nil {
		return f.Origin()
	}
	return nil
}

// structField returns field i of t, a struct type, as fieldAddrVar does.
func structField(t types.Type, i int) *types.Var {
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Origin()
	}
	return nil
}

// CellContents returns every value stored into addr, the cell of a local
// variable, when they are all the analysis can see: addr is the variable's
// Alloc and only its function stores into it (OwnCell, which also holds
// the literals that capture it to loads), or a captured variable of a
// closure whose every binding is such a cell. A closure literal in x/tools' SSA captures each variable by its
// cell, so this is how
//
//	var s Store = &memStore{}
//	go func() { s.Put(k, v) }()
//
// sees the *memStore in the goroutine. The variable's zero value is not
// among the values.
func CellContents(addr ssa.Value) ([]ssa.Value, bool) {
	return cellContents(addr, 0)
}

func cellContents(addr ssa.Value, depth int) ([]ssa.Value, bool) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		if !OwnCell(a) {
			return nil, false
		}
		var vals []ssa.Value
		for _, r := range *a.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				vals = append(vals, st.Val)
			}
		}
		return vals, true
	case *ssa.FreeVar:
		if depth >= maxConcreteDepth {
			return nil, false
		}
		fn := a.Parent()
		idx := slices.Index(fn.FreeVars, a)
		if fn.Parent() == nil || idx < 0 {
			return nil, false
		}
		var vals []ssa.Value
		found := false
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				mc, ok := instr.(*ssa.MakeClosure)
				if !ok || mc.Fn != fn {
					continue
				}
				more, ok := cellContents(mc.Bindings[idx], depth+1)
				if !ok {
					return nil, false
				}
				vals, found = append(vals, more...), true
			}
		}
		return vals, found
	}
	return nil, false
}
