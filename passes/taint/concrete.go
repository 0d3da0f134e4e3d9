// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file resolves a call through an interface whose value has one
// concrete type the analysis can name: a value converted to the interface
// in the same function, or the result of a function that returns values
// of one concrete type only, a constructor's:
//
//	func NewSender(ch chan *Msg) Sender { return &chanSender{ch} }
//
//	s := queue.NewSender(ch)
//	s.Send(m) // calls (*chanSender).Send, which sends m on ch
//
// The interface may be exported and implemented elsewhere too: what the
// call reaches is decided by the value, not by the interface.
//
// A constructor of another package usually returns a type that its
// importers cannot name (an unexported type is not in the export data
// unless the package's API mentions it), so its ConcreteResults fact
// carries the summaries of the type's methods themselves, and a call
// resolves to a stand-in: a function without a body that has the
// method's name and signature and the fact's summary (StandIn says which
// constructor's result it stands for, for the passes that keep facts of
// their own about the method).

// maxConcreteDepth bounds how far concreteType follows results through
// calls and phis.
const maxConcreteDepth = 4

// ConcreteResults is the fact, on a function with results of interface
// type, of the methods that the one concrete type each such result holds
// (whenever it is not nil) gives to the interface's methods.
type ConcreteResults struct {
	// Results[i] describes result i; its Name is empty when its
	// concrete type is unknown or the result is no interface.
	Results []ConcreteType
}

// ConcreteType is the concrete type of an interface result.
type ConcreteType struct {
	// Name is the type as the defining package writes it.
	Name string
	// Methods are the summaries of the type's methods that implement
	// the result interface's methods, sorted by name (a map would not
	// encode deterministically); a method without a summary is left out.
	Methods []ConcreteMethod
}

// ConcreteMethod is a method of a concrete type and its summary.
type ConcreteMethod struct {
	Name    string
	Summary *Summary
}

// method returns the summary of the named method, or nil.
func (t *ConcreteType) method(name string) *Summary {
	i, ok := slices.BinarySearchFunc(t.Methods, name, func(m ConcreteMethod, name string) int { return strings.Compare(m.Name, name) })
	if !ok {
		return nil
	}
	return t.Methods[i].Summary
}

// AFact marks ConcreteResults as an analysis fact.
func (*ConcreteResults) AFact() {}

func (f *ConcreteResults) String() string {
	var parts []string
	for i, r := range f.Results {
		if r.Name != "" {
			var names []string
			for _, m := range r.Methods {
				names = append(names, m.Name)
			}
			parts = append(parts, r.Name+" ("+strings.Join(names, ", ")+")")
		} else if i < len(f.Results)-1 {
			parts = append(parts, "?")
		}
	}
	return "concrete results " + strings.Join(parts, ", ")
}

// StandInKey says what a stand-in function stands for: method Method of
// the concrete type of result Result of Ctor, a function of another
// package.
type StandInKey struct {
	Ctor   *types.Func
	Result int
	Method string
}

// StandIn reports whether fn is a stand-in for a method of a concrete
// type of another package (see above), and for which.
func (c *Flows) StandIn(fn *ssa.Function) (StandInKey, bool) {
	k, ok := c.sv.standInKeys[fn]
	return k, ok
}

// concreteCallee returns the function that c, a call through an
// interface, reaches when the interface value has one concrete type the
// analysis can name, or nil.
func (sv *solver) concreteCallee(c *ssa.CallCommon) *ssa.Function {
	switch ct := sv.concreteType(c.Value, 0); {
	case ct.imp != nil:
		return sv.standInFor(ct.imp, c.Method)
	case ct.t != nil:
		return sv.methodOf(ct.t, c.Method)
	}
	return nil
}

// methodOf returns the method of t that implements m, or nil. For a type
// that mentions type parameters (a generic constructor's result), it is
// the generic method, declared on the type itself (not promoted from an
// embedded field, whose receiver would be another object).
func (sv *solver) methodOf(t types.Type, m *types.Func) *ssa.Function {
	if hasTypeParam(t, make(map[types.Type]bool)) {
		obj, index, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		f, ok := obj.(*types.Func)
		if !ok || len(index) != 1 {
			return nil
		}
		return sv.res.prog.FuncValue(f.Origin())
	}
	sel := sv.res.prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	return sv.res.prog.MethodValue(sel)
}

// importedResult is result Result of Ctor, a function of another package
// whose ConcreteResults fact describes it.
type importedResult struct {
	ctor   *types.Func
	result int
	typ    *ConcreteType
}

// concrete is what the analysis knows of the dynamic type of an interface
// value: a type it can name, or a result of another package's function
// described by its fact; neither when it cannot tell.
type concrete struct {
	t   types.Type
	imp *importedResult
}

func (c concrete) known() bool { return c.t != nil || c.imp != nil }

// join returns the one type of two values that may flow to the same
// place, and whether they agree; the zero concrete agrees with anything
// (a nil value has no dynamic type).
func (c concrete) join(d concrete) (concrete, bool) {
	switch {
	case !c.known():
		return d, true
	case !d.known():
		return c, true
	case c.t != nil && d.t != nil && types.Identical(c.t, d.t):
		return c, true
	case c.imp != nil && d.imp != nil && *c.imp == *d.imp:
		return c, true
	}
	return concrete{}, false
}

// joinAll joins what concreteType says of each value, skipping nil
// constants; the zero concrete when any is unknown or two disagree.
func (sv *solver) joinAll(vals []ssa.Value, depth int) concrete {
	var c concrete
	for _, v := range vals {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		vc := sv.concreteType(v, depth)
		if !vc.known() {
			return concrete{}
		}
		var ok bool
		if c, ok = c.join(vc); !ok {
			return concrete{}
		}
	}
	return c
}

// concreteType says what the one concrete type v, a value of interface
// type, holds whenever it is not nil, or that the analysis cannot name
// it.
func (sv *solver) concreteType(v ssa.Value, depth int) concrete {
	if depth > maxConcreteDepth {
		return concrete{}
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(v.X.Type()) {
			return concrete{}
		}
		return concrete{t: v.X.Type()}
	case *ssa.ChangeInterface:
		return sv.concreteType(v.X, depth+1)
	case *ssa.Phi:
		return sv.joinAll(v.Edges, depth+1)
	case *ssa.Call:
		return sv.resultType(&v.Call, 0, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return sv.resultType(&call.Call, v.Index, depth)
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return sv.res.fieldTypes[fieldAddrVar(fa)]
		}
	case *ssa.Field:
		return sv.res.fieldTypes[fieldVar(v)]
	}
	return concrete{}
}

// resultType says what the concrete type of result i of the static
// callee of c is (see concreteType).
func (sv *solver) resultType(c *ssa.CallCommon, i, depth int) concrete {
	fn := c.StaticCallee()
	if fn == nil {
		return concrete{}
	}
	if fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != sv.res.pkg {
		// A function of another package, or an instance made here of
		// its generic function: its fact is the generic function's.
		return concrete{imp: sv.importedResultType(fn, i)}
	}
	if sv.concreteBusy[fn] {
		return concrete{}
	}
	sv.concreteBusy[fn] = true
	defer delete(sv.concreteBusy, fn)
	return sv.returnedType(fn, i, depth+1)
}

// returnedType says what the one concrete type that result i of fn, a
// function with a body, holds at every return where it is not nil.
func (sv *solver) returnedType(fn *ssa.Function, i, depth int) concrete {
	var vals []ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		vals = append(vals, ret.Results[i])
	}
	return sv.joinAll(vals, depth)
}

// importedResultType returns what the ConcreteResults fact of fn, a
// function of another package, says of its result i, or nil.
func (sv *solver) importedResultType(fn *ssa.Function, i int) *importedResult {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	fact, ok := sv.concreteFacts[obj]
	if !ok {
		fact = new(ConcreteResults)
		if !sv.res.pass.ImportObjectFact(obj, fact) {
			fact = nil
		}
		sv.concreteFacts[obj] = fact
	}
	if fact == nil || i >= len(fact.Results) || fact.Results[i].Name == "" {
		return nil
	}
	return &importedResult{ctor: obj, result: i, typ: &fact.Results[i]}
}

// standInFor returns the stand-in for method m of the imported result's
// type, made once per solver, or nil when the fact has no summary of it.
func (sv *solver) standInFor(imp *importedResult, m *types.Func) *ssa.Function {
	s := imp.typ.method(m.Name())
	if s == nil {
		return nil
	}
	key := StandInKey{Ctor: imp.ctor, Result: imp.result, Method: m.Name()}
	if fn, ok := sv.standIns[key]; ok {
		return fn
	}
	// The receiver is the stand-in's first parameter, as it is a
	// method's first port: a receiver of the interface's type would
	// name the interface, not the concrete type, in reports.
	sig := m.Type().(*types.Signature)
	params := []*types.Var{types.NewVar(token.NoPos, nil, "recv", sig.Recv().Type())}
	for p := range sig.Params().Variables() {
		params = append(params, p)
	}
	standInSig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
	fn := sv.res.prog.NewFunction("("+imp.typ.Name+")."+m.Name(), standInSig, "stand-in for a method of a constructor's result")
	sv.standIns[key] = fn
	sv.standInKeys[fn] = key
	sv.summaries[fn] = s
	return fn
}

// ConcreteMethods returns, for each result of fn, a function of the
// package, the methods of its one concrete type that implement the
// result interface's methods, by name; nil for a result whose type the
// analysis cannot name. The givesup pass exports its own fact of them.
func (r *Result) ConcreteMethods(fn *ssa.Function) []map[string]*ssa.Function {
	return r.concrete[fn]
}

// concreteResults computes the fact for fn, a function of the package,
// and records its methods for ConcreteMethods; nil when no result of fn
// has a concrete type with summarised methods.
func (sv *solver) concreteResults(fn *ssa.Function) *ConcreteResults {
	results := fn.Signature.Results()
	if results.Len() == 0 || fn.Blocks == nil {
		return nil
	}
	fact := &ConcreteResults{Results: make([]ConcreteType, results.Len())}
	methods := make([]map[string]*ssa.Function, results.Len())
	named := false
	for i := range results.Len() {
		iface, ok := results.At(i).Type().Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 {
			continue
		}
		sv.concreteBusy[fn] = true
		t := sv.returnedType(fn, i, 0).t
		delete(sv.concreteBusy, fn)
		if t == nil {
			continue
		}
		ct := ConcreteType{Name: types.TypeString(t, (*types.Package).Name)}
		ms := make(map[string]*ssa.Function)
		for m := range iface.Methods() {
			mfn := sv.methodOf(t, m)
			if mfn == nil {
				continue
			}
			if s := sv.summaryFor(mfn); s != nil {
				ct.Methods = append(ct.Methods, ConcreteMethod{m.Name(), s})
				ms[m.Name()] = mfn
			}
		}
		slices.SortFunc(ct.Methods, func(a, b ConcreteMethod) int { return strings.Compare(a.Name, b.Name) })
		if len(ct.Methods) > 0 {
			fact.Results[i], methods[i], named = ct, ms, true
		}
	}
	if !named {
		return nil
	}
	sv.res.concrete[fn] = methods
	return fact
}

// fieldAddrVar returns the field fa addresses, as declared on the generic
// type for a field of an instance; nil when fa's operand is of a type
// parameter's type.
func fieldAddrVar(fa *ssa.FieldAddr) *types.Var {
	if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
		return structField(p.Elem(), fa.Field)
	}
	return nil
}

// fieldVar returns the field f selects (see fieldAddrVar).
func fieldVar(f *ssa.Field) *types.Var { return structField(f.X.Type(), f.Field) }

func structField(t types.Type, i int) *types.Var {
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Origin()
	}
	return nil
}

// findFieldTypes says, for the unexported fields of interface type of
// the package's structs, the one concrete type they hold whenever they are
// not nil: only the package can store into such a field, and every store
// is seen, unless the field's address is taken for anything but a load or
// a store (then it is left out). What it trades: a field set through
// reflect or unsafe.
func (sv *solver) findFieldTypes(funcs []*ssa.Function) map[*types.Var]concrete {
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
				if f == nil || f.Exported() || f.Pkg() != sv.res.pkg || !types.IsInterface(f.Type()) {
					continue
				}
				for _, ref := range *fa.Referrers() {
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
	out := make(map[*types.Var]concrete)
	for f, vals := range stores {
		if escaped[f] {
			continue
		}
		if c := sv.joinAll(vals, 1); c.known() {
			out[f] = c
		}
	}
	return out
}
