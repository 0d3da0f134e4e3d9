// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file holds the rule for goroutines that fill their own slots of
// one slice: a go statement hands a results slice to a goroutine, and a
// second go statement hands it to another, each of which writes only the
// elements at its own constant indices,
//
//	go func() { defer wg.Done(); errs[0] = a() }()
//	go func() { defer wg.Done(); errs[1] = b() }()
//
// They share no element, so the second hand-off does not race with the
// first. The rule is exact for what it accepts, so both readings use it.

// slotsApart reports whether the goroutines that the go statements first
// and second start touch the memory that reaches (a predicate on their
// operands) says is in conflict only as elements of slices at constant
// indices, no index used by both: every operand of each that reaches it
// is a slice (its elements indexed only by constants, its length and
// capacity read, nothing else done with it), or a captured variable
// holding one that the goroutine only loads. Operands that do not reach
// the conflict (a context, the WaitGroup, a done channel) do not matter.
func slotsApart(first, second *ssa.Go, reaches func(ssa.Value) bool) bool {
	a, ok := goSlots(first, reaches)
	if !ok {
		return false
	}
	b, ok := goSlots(second, reaches)
	if !ok {
		return false
	}
	for k := range a {
		if b[k] {
			return false
		}
	}
	return true
}

// goSlots returns the constant indices at which the goroutine g starts
// touches the slices it is handed, and whether every operand of g that
// reaches the conflict is one that slotsApart allows.
func goSlots(g *ssa.Go, reaches func(ssa.Value) bool) (map[int64]bool, bool) {
	var fn *ssa.Function
	var bindings []ssa.Value
	switch v := g.Call.Value.(type) {
	case *ssa.Function:
		fn = v
	case *ssa.MakeClosure:
		fn, bindings = v.Fn.(*ssa.Function), v.Bindings
	}
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Params) != len(g.Call.Args) || len(fn.FreeVars) != len(bindings) {
		return nil, false
	}
	slots := make(map[int64]bool)
	for i, p := range fn.Params {
		if reaches(g.Call.Args[i]) && !argSlots(g.Call.Args[i], p, slots) {
			return nil, false
		}
	}
	for i, fv := range fn.FreeVars {
		if reaches(bindings[i]) && !capturedSlots(fv, slots) {
			return nil, false
		}
	}
	return slots, true
}

// argSlots adds to slots the indices at which the parameter p, given the
// argument arg, is indexed, and reports whether p is a slice that
// slotsApart allows.
func argSlots(arg ssa.Value, p *ssa.Parameter, slots map[int64]bool) bool {
	if _, isSlice := p.Type().Underlying().(*types.Slice); !isSlice {
		return false
	}
	if s, ok := arg.(*ssa.Slice); ok && s.Low != nil {
		return false // errs[1:]: index 0 is the caller's 1
	}
	return sliceSlots(p, slots)
}

// capturedSlots is argSlots for a free variable: the cell of a captured
// slice variable, which the goroutine may only load.
func capturedSlots(fv *ssa.FreeVar, slots map[int64]bool) bool {
	ptr, ok := fv.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	if _, isSlice := ptr.Elem().Underlying().(*types.Slice); !isSlice {
		return false
	}
	for _, r := range *fv.Referrers() {
		load, ok := r.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || load.X != fv || !sliceSlots(load, slots) {
			return false // a store to the variable, or its address handed on
		}
	}
	return true
}

// sliceSlots adds to slots the constant indices of the elements of the
// slice s, and reports whether every use of s is such an index or a len
// or cap.
func sliceSlots(s ssa.Value, slots map[int64]bool) bool {
	for _, r := range *s.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			k, ok := r.Index.(*ssa.Const)
			if !ok || r.X != s {
				return false
			}
			i, exact := constant.Int64Val(constant.ToInt(k.Value))
			if !exact {
				return false
			}
			slots[i] = true
		case *ssa.Call:
			b, ok := r.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "len" && b.Name() != "cap" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
