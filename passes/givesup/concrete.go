// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A call through an interface whose value a constructor of another
// package made resolves, in the taint pass, to a stand-in for the method
// of the value's concrete type (taint's concrete.go): importers usually
// cannot name that type, so the constructor carries what its methods give
// up, in a ConcreteGivesUp fact.

// ConcreteGivesUp is the fact, on a function with results of interface
// type, of what the methods of each result's one concrete type give up
// (see taint.ConcreteResults), Results[i] for result i.
type ConcreteGivesUp struct {
	Results []ConcreteSets
}

// ConcreteSets are the gives-up sets of the methods of one concrete type.
type ConcreteSets struct {
	// Methods are the methods that give something up, sorted by name (a
	// map would not encode deterministically).
	Methods []ConcreteMethod
}

// ConcreteMethod is a method of a concrete type and its gives-up set.
type ConcreteMethod struct {
	Name    string
	GivesUp *GivesUp
}

// method returns the gives-up set of the named method, or nil.
func (s ConcreteSets) method(name string) *GivesUp {
	i, ok := slices.BinarySearchFunc(s.Methods, name, func(m ConcreteMethod, name string) int { return strings.Compare(m.Name, name) })
	if !ok {
		return nil
	}
	return s.Methods[i].GivesUp
}

// AFact marks ConcreteGivesUp as a fact.
func (*ConcreteGivesUp) AFact() {}

func (f *ConcreteGivesUp) String() string {
	var parts []string
	for i, ms := range f.Results {
		for _, m := range ms.Methods {
			parts = append(parts, "result "+strconv.Itoa(i)+" "+m.Name+": "+m.GivesUp.String())
		}
	}
	return "concrete " + strings.Join(parts, "; ")
}

// noteStandIn records, for fn, a stand-in the flows resolved a call to,
// the gives-up set its constructor's fact gives for it (nil if none), so
// that Of finds it; it does nothing for another function.
func (r *Result) noteStandIn(fn *ssa.Function) {
	if _, ok := r.sets[fn]; ok {
		return
	}
	key, ok := r.flows.StandIn(fn)
	if !ok {
		return
	}
	var g *GivesUp
	fact := new(ConcreteGivesUp)
	if r.pass.ImportObjectFact(key.Ctor, fact) && key.Result < len(fact.Results) {
		g = fact.Results[key.Result].method(key.Method)
	}
	r.sets[fn] = g
}

// concreteFact returns the fact to export on fn, a function of the
// package, or nil when no method of its results' concrete types gives
// anything up.
func (r *Result) concreteFact(fn *ssa.Function) *ConcreteGivesUp {
	methods := r.tr.ConcreteMethods(fn)
	if methods == nil {
		return nil
	}
	fact := &ConcreteGivesUp{Results: make([]ConcreteSets, len(methods))}
	gives := false
	for i, ms := range methods {
		for _, name := range slices.Sorted(maps.Keys(ms)) {
			if g := r.Of(ms[name]); g != nil && len(g.Ports) > 0 {
				fact.Results[i].Methods = append(fact.Results[i].Methods, ConcreteMethod{name, g})
				gives = true
			}
		}
	}
	if !gives {
		return nil
	}
	return fact
}
