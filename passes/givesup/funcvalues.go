// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// mayWriteWhenCalled reports whether v is a function value that may write
// what it captures when a callee's goroutine calls it: any function value
// but the function literals it is seen to be (literalsOf) whose summaries
// write none of their captured variables. With alone (v is all the call
// gives up), the default reading also lets a literal write its
// parameters: the goroutine can pass it only its own memory, since what
// a closure captures cannot be read out of it; the strict reading counts
// those writes too (the goroutine may pass package-level memory the
// captured variables also reach).
func (r *Result) mayWriteWhenCalled(v ssa.Value, alone bool) bool {
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return false
	}
	lits, ok := literalsOf(v)
	if !ok {
		return true
	}
	for _, fn := range lits {
		s := r.tr.Summary(fn)
		if s == nil {
			return true
		}
		for _, port := range s.Writes {
			if !alone || r.Model.Strict || port < 0 || port >= len(fn.Params) {
				return true
			}
		}
	}
	return false
}

// literalsOf returns the function literals function value v may be: the
// literal a MakeClosure makes, or, for the result of a static call of a
// function of the package (a producer returning its closure, perhaps with
// other results), the literals every return statement returns there. It
// reports false when some value it may be is anything else.
func literalsOf(v ssa.Value) ([]*ssa.Function, bool) {
	index := 0
	v = unconverted(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		// A variable a function literal captures (sw, done :=
		// producer(body); handler := func() { … NewReader(sw) … }).
		stored := storedOnlyOnce(load.X)
		if stored == nil {
			return nil, false
		}
		v = unconverted(stored)
	}
	if e, ok := v.(*ssa.Extract); ok {
		v, index = e.Tuple, e.Index
	}
	switch v := v.(type) {
	case *ssa.MakeClosure:
		if index != 0 {
			return nil, false
		}
		fn, ok := v.Fn.(*ssa.Function)
		return []*ssa.Function{fn}, ok
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil {
			return nil, false
		}
		var lits []*ssa.Function
		for _, b := range callee.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if index >= len(ret.Results) {
				return nil, false
			}
			mc, ok := unconverted(ret.Results[index]).(*ssa.MakeClosure)
			if !ok {
				return nil, false
			}
			fn, ok := mc.Fn.(*ssa.Function)
			if !ok {
				return nil, false
			}
			lits = append(lits, fn)
		}
		return lits, len(lits) > 0
	}
	return nil, false
}

// unconverted returns the function value v converts to a named function
// type (StreamWriter(func(w *bufio.Writer) {…})), or v.
func unconverted(v ssa.Value) ssa.Value {
	for {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			return v
		}
		v = ct.X
	}
}

// storedOnlyOnce returns the value of the only store into the local
// variable that addr is (an Alloc) or that a function literal captured (a
// FreeVar bound to one), or nil: when it is stored into more than once,
// or by a function literal that captures it, or it is handed to anything
// but loads, stores and the literals that capture it (ssaops.OwnCell).
func storedOnlyOnce(addr ssa.Value) ssa.Value {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		addr = binding(fv)
	}
	a, ok := addr.(*ssa.Alloc)
	if !ok || !ssaops.OwnCell(a) {
		return nil
	}
	return ssaops.StoredOnce(a)
}

// binding returns the value bound to fv by the one MakeClosure of its
// function in the enclosing function, or nil.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil
	}
	i := slices.Index(fn.FreeVars, fv)
	if i < 0 {
		return nil
	}
	var bound ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if bound != nil {
					return nil
				}
				bound = mc.Bindings[i]
			}
		}
	}
	return bound
}
