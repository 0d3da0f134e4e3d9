// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A generic function is summarised once, on its generic body, where a
// value of a type parameter may be a pointer: slices.DeleteFunc hands
// the elements of its slice to its predicate, a call the analysis cannot
// see, so its summary links the slice to the predicate's captures and
// returns both. An instance whose element type holds no pointers ([]int)
// cannot do that: an int carries no memory to the predicate, nor the
// predicate's memory back. So a generic function also gets a second
// summary (Summary.PointerFreeArgs), computed on the same body with every
// type parameter that may stand for a pointer-free type taken to hold no
// references (pointerFreeParam), and an instance whose type arguments
// for those parameters hold none indeed uses it. The reading is the
// summary of every such instance at once, so it is as sound as the first
// one is for all of them.
//
// The second summary is computed after the package's summaries settle,
// from the body alone, and kept only when no recursion was met on the
// way (recursion would need the fixpoint the first summaries get). The
// package's own calls of its generic functions were summarised before,
// with the first summary; the flows its consumers build later, and the
// packages that import it, use the second.

// pointerFreeParam reports whether the type parameter tp may stand for a
// type that holds no references: its constraint has no type terms (any,
// comparable, a method set), or only terms that hold none when the type
// parameters they mention hold none (~int | ~string). A parameter
// constrained to ~[]E always holds a reference.
func pointerFreeParam(tp *types.TypeParam, seen map[types.Type]bool) bool {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for _, t := range constraintTerms(iface, make(map[*types.Interface]bool)) {
		if trackedIn(t, seen, true) {
			return false
		}
	}
	return true
}

// constraintTerms returns the types of the terms of the constraint iface
// and of the constraints it embeds.
func constraintTerms(iface *types.Interface, seen map[*types.Interface]bool) []types.Type {
	if seen[iface] {
		return nil
	}
	seen[iface] = true
	var out []types.Type
	for e := range iface.EmbeddedTypes() {
		switch u := e.Underlying().(type) {
		case *types.Union:
			for t := range u.Terms() {
				out = append(out, t.Type())
			}
		case *types.Interface:
			out = append(out, constraintTerms(u, seen)...)
		default:
			out = append(out, e)
		}
	}
	return out
}

// pointerFreeArgs reports whether the instance inst of the generic
// function origin has, for every type parameter that the pointer-free
// reading takes to hold no references, a type argument that holds none
// in this solver's reading.
func (sv *solver) pointerFreeArgs(inst, origin *ssa.Function) bool {
	params, args := origin.TypeParams(), inst.TypeArgs()
	if params.Len() == 0 || params.Len() != len(args) {
		return false
	}
	seen := make(map[types.Type]bool)
	for i, arg := range args {
		if pointerFreeParam(params.At(i), seen) && sv.tracked(arg) {
			return false
		}
	}
	return true
}

// pointerFreeInstance returns the summary of the instance fn for
// pointer-free type arguments, when fn is an instance of a generic
// function whose Summary.PointerFreeArgs is known and fn's type
// arguments fit it; nil otherwise.
func (sv *solver) pointerFreeInstance(fn *ssa.Function) *Summary {
	origin := fn.Origin()
	if origin == nil || origin == fn || !sv.pointerFreeArgs(fn, origin) {
		return nil
	}
	if sv.pointerFreeParams && origin.Blocks != nil {
		// The pointer-free reading of a generic body of this package
		// calling another of its generic functions.
		return sv.summaryFor(origin)
	}
	var s *Summary
	if origin.Blocks != nil {
		s = sv.res.summaries[origin]
	} else if obj, ok := origin.Object().(*types.Func); ok {
		s, _ = sv.importedSummary(obj) // nil if it has none
	}
	if s == nil {
		return nil
	}
	return s.PointerFreeArgs
}

// mentionsTypeParams reports whether fn's code depends on type
// parameters: a generic function, a function literal inside one, or an
// instance whose type arguments are type parameters of its caller.
func mentionsTypeParams(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		if f.TypeParams().Len() > 0 && f.Origin() == nil {
			return true
		}
		for _, arg := range f.TypeArgs() {
			if ssaops.HasTypeParam(arg) {
				return true
			}
		}
	}
	return false
}

// summarizePointerFree gives every generic function of the package whose
// summary may shrink for pointer-free type arguments its
// Summary.PointerFreeArgs. base is the pass's solver, whose summaries
// have settled.
func summarizePointerFree(base *solver) {
	for _, fn := range base.res.Funcs {
		s := base.res.summaries[fn]
		if s == nil || fn.Origin() != nil || fn.TypeParams().Len() == 0 || fn.Parent() != nil {
			continue
		}
		if len(s.Links) == 0 && len(s.Returns) == 0 && len(s.Writes) == 0 {
			continue // nothing to shrink
		}
		alt := newSolver(base.res, make(map[*ssa.Function]*Summary))
		alt.pointerFreeParams, alt.base = true, base
		free := alt.summaryFor(fn)
		if free == nil || len(alt.recursive) > 0 || free.equal(s) {
			continue
		}
		s.PointerFreeArgs = free
	}
}
