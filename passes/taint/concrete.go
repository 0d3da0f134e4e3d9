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

	"github.com/psharpvet/psharpvet/internal/ssaops"
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

// method returns the summary of the named method, or nil; standInFor
// calls it once per method and result.
func (t *ConcreteType) method(name string) *Summary {
	i, ok := slices.BinarySearchFunc(t.Methods, name, func(m ConcreteMethod, name string) int { return strings.Compare(m.Name, name) })
	if !ok {
		return nil
	}
	s := t.Methods[i].Summary
	if s == nil {
		return nil
	}
	s, _ = s.decoded() // nil if it does not decode
	return s
}

// AFact marks ConcreteResults as an analysis fact.
func (*ConcreteResults) AFact() {}

func (f *ConcreteResults) String() string {
	var parts []string
	for _, r := range f.Results {
		if r.Name == "" {
			parts = append(parts, "?")
			continue
		}
		var names []string
		for _, m := range r.Methods {
			names = append(names, m.Name)
		}
		parts = append(parts, r.Name+" ("+strings.Join(names, ", ")+")")
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
// It is asked for every call through an interface, by every Flow and by
// the passes' own Callees, so the answer is kept per call.
func (sv *solver) concreteCallee(c *ssa.CallCommon) *ssa.Function {
	if fn, ok := sv.concreteCalls[c]; ok {
		return fn
	}
	var fn *ssa.Function
	switch ct := sv.concreteTypes().Of(c.Value); {
	case ct.Imported != nil:
		fn = sv.standInFor(ct.Imported.(importedResult), c.Method)
	case ct.Type != nil:
		fn = ssaops.MethodOf(sv.res.prog, ct.Type, c.Method)
	}
	sv.concreteCalls[c] = fn
	return fn
}

// concreteTypes returns the solver's resolver, a fork of the pass's,
// which found the types of the package's fields before any summary.
func (sv *solver) concreteTypes() *ssaops.ConcreteTypes {
	if sv.concrete == nil {
		sv.concrete = sv.res.concreteTypes.Fork(sv.importedToken)
	}
	return sv.concrete
}

// importedToken is the resolver's Import hook: an importedResult, or nil.
func (sv *solver) importedToken(fn *ssa.Function, i int) any {
	if imp, ok := sv.importedResultType(fn, i); ok {
		return imp
	}
	return nil
}

// importedResult is result Result of Ctor, a function of another package
// whose ConcreteResults fact describes it: the resolver's token for it,
// equal for equal results whichever solver made it.
type importedResult struct {
	ctor   *types.Func
	result int
}

// importedResultType returns what the ConcreteResults fact of fn, a
// function of another package, says of its result i.
func (sv *solver) importedResultType(fn *ssa.Function, i int) (importedResult, bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || sv.importedType(obj, i) == nil {
		return importedResult{}, false
	}
	return importedResult{ctor: obj, result: i}, true
}

// importedType returns what the ConcreteResults fact of obj says of its
// result i, or nil.
func (sv *solver) importedType(obj *types.Func, i int) *ConcreteType {
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
	return &fact.Results[i]
}

// standInFor returns the stand-in for method m of the imported result's
// type, made once per solver, or nil when the fact has no summary of it.
func (sv *solver) standInFor(imp importedResult, m *types.Func) *ssa.Function {
	typ := sv.importedType(imp.ctor, imp.result)
	if typ == nil {
		return nil
	}
	key := StandInKey{Ctor: imp.ctor, Result: imp.result, Method: m.Name()}
	if fn, ok := sv.standIns[key]; ok {
		return fn
	}
	s := typ.method(m.Name())
	if s == nil {
		return nil
	}
	// The receiver is the stand-in's first parameter, as it is a
	// method's first port: a receiver of the interface's type would
	// name the interface, not the concrete type, in reports.
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	params := []*types.Var{types.NewVar(token.NoPos, nil, "recv", sig.Recv().Type())}
	for p := range sig.Params().Variables() {
		params = append(params, p)
	}
	standInSig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
	fn := sv.res.prog.NewFunction("("+typ.Name+")."+m.Name(), standInSig, "stand-in for a method of a constructor's result")
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
		t := sv.concreteTypes().Returned(fn, i).Type
		if t == nil {
			continue
		}
		ct := ConcreteType{Name: types.TypeString(t, (*types.Package).Name)}
		ms := make(map[string]*ssa.Function)
		for m := range iface.Methods() {
			mfn := ssaops.MethodOf(sv.res.prog, t, m)
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
