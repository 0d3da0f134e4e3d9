// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file follows a boolean that a caller stores into a helper it makes
// into the callee that branches on the helper's field, the way
// boolargs.go follows a boolean argument:
//
//	func (db *DB) Begin(writable bool) (*Tx, error) {
//		tx := &Tx{db: db, writable: writable}
//		tx.lock() // if tx.writable { tx.db.mu.Lock() } else { tx.db.mu.RLock() }
//		…
//	}
//	func (db *DB) Update(fn func(*Tx) error) error { return db.managed(true, fn) }
//
// Analysed once, lock merges its branches and holds db.mu only for
// reading, so two updates writing under it looked unordered. A callee
// that branches on a boolean field of an input (the input "=writable" of
// branchParams) is analysed with the field fixed when the caller passes a
// helper whose composite literal stored a constant there, or an input the
// caller itself has fixed (Begin's writable, fixed by managed's caller).
// Only the default reading follows fields (as fieldnil.go): that the
// field keeps the literal's value until the callee tests it is assumed.

// boolFieldMark starts the field of an inputRef or a boolArg that stands
// for the value of a boolean field, not for whether a field is nil.
const boolFieldMark = "="

// boolFieldTest returns, for v a load of a boolean field of an input of
// its function (tx.writable), the input's index and the marked field.
func (c *checker) boolFieldTest(v ssa.Value) (input int, field string, ok bool) {
	if c.model.Strict {
		return -1, "", false
	}
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL || !isBool(load.Type()) {
		return -1, "", false
	}
	name := fieldName(load.X)
	if name == "" {
		return -1, "", false
	}
	i := c.inputIndex(load.X.(*ssa.FieldAddr).X)
	if i < 0 {
		return -1, "", false
	}
	return i, boolFieldMark + name, true
}

// isBoolField reports whether the field of an inputRef or a boolArg is a
// boolean field's value (boolFieldTest).
func isBoolField(field string) bool { return strings.HasPrefix(field, boolFieldMark) }

// helperBool returns the value that the composite literal of the helper
// allocation a stores into its field (a marked name), when that value is
// a constant or an input of the caller that the caller's analysis fixes;
// or, for a helper a call returns (constructedBool), the value of its
// argument.
func (c *checker) helperBool(caller *funcInfo, a ssa.Value, field string) (value, ok bool) {
	if c.model.Strict {
		return false, false
	}
	alloc, isAlloc := a.(*ssa.Alloc)
	if !isAlloc {
		return c.constructedBool(caller, a, strings.TrimPrefix(field, boolFieldMark))
	}
	return c.fixedBool(caller, literalField(alloc, strings.TrimPrefix(field, boolFieldMark)))
}

// fixedBool returns the value w holds in caller's frame, if known: a
// boolean constant, or an input of caller that caller's analysis fixes.
func (c *checker) fixedBool(caller *funcInfo, w ssa.Value) (value, ok bool) {
	switch w := w.(type) {
	case nil:
		return false, false
	case *ssa.Const:
		if w.Value != nil && w.Value.Kind() == constant.Bool {
			return constant.BoolVal(w.Value), true
		}
		return false, false
	}
	return caller.args.lookup(c.passedInput(w))
}

// constructedBool returns the value of the field name of the helper that
// a, in caller's frame, holds when a call made it: a is the result of a
// call (or loaded from a variable that only that result was stored into,
// a literal's captured variable included) of a function of the package
// whose every non-nil return is a composite literal storing a constant or
// one of its parameters there (func (db *DB) Begin(writable bool) (*Tx,
// error) { tx := &Tx{db: db, writable: writable}; … return tx, nil }),
// and that constant, or the call's argument, is known: a constant, or an
// input of caller that caller's analysis fixes. buntdb's managed defers a
// literal that rolls back the tx Begin returned, Rollback branching on
// tx.writable.
func (c *checker) constructedBool(caller *funcInfo, a ssa.Value, name string) (value, ok bool) {
	v, frame := c.storedValue(caller.fn, a)
	if x, isExtract := v.(*ssa.Extract); isExtract && x.Index == 0 {
		v = x.Tuple
	}
	call, isCall := v.(*ssa.Call)
	if !isCall {
		return false, false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pkg {
		return false, false
	}
	w := constructorField(callee, name)
	if p, isParam := w.(*ssa.Parameter); isParam {
		w = call.Call.Args[slices.Index(callee.Params, p)]
	}
	if _, isConst := w.(*ssa.Const); !isConst && w != nil && frame != caller.fn {
		w = c.frameInput(caller.fn, w) // the maker's value, as the literal's input
	}
	return c.fixedBool(caller, w)
}

// storedValue follows a load of a local variable that one value was
// stored into, and nothing reassigns (a literal's captured variable, to
// the variable of the function that makes the literal, when one
// MakeClosure does), to that value, and returns it with the function it
// lies in; else a itself, in fn.
func (c *checker) storedValue(fn *ssa.Function, a ssa.Value) (ssa.Value, *ssa.Function) {
	load, isLoad := a.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return a, fn
	}
	cell := load.X
	if fv, isFree := cell.(*ssa.FreeVar); isFree {
		cell = boundValue(fv)
	}
	alloc, isAlloc := cell.(*ssa.Alloc)
	if !isAlloc || reassigned(alloc, 0) {
		return a, fn
	}
	if v := ssaops.StoredOnce(alloc); v != nil {
		return v, alloc.Parent()
	}
	return a, fn
}

// boundValue returns what the one MakeClosure of fv's literal in the
// function that makes it binds fv to, or nil.
func boundValue(fv *ssa.FreeVar) ssa.Value {
	lit := fv.Parent()
	parent := lit.Parent()
	if parent == nil {
		return nil
	}
	k := slices.Index(lit.FreeVars, fv)
	var bound ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != lit {
				continue
			}
			if bound != nil {
				return nil
			}
			bound = mc.Bindings[k]
		}
	}
	return bound
}

// frameInput returns the input of the literal fn (a load of its captured
// variable) that holds what v, a parameter of the function that makes fn
// (or a load of its spilled variable), holds; nil if none does.
func (c *checker) frameInput(fn *ssa.Function, v ssa.Value) ssa.Value {
	var cell ssa.Value
	switch v := v.(type) {
	case *ssa.Parameter:
		cell = v
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && c.spilledParam(a) >= 0 {
			cell = a
		}
	}
	if cell == nil {
		return nil
	}
	for _, fv := range fn.FreeVars {
		if boundValue(fv) == cell {
			return fv
		}
	}
	return nil
}

// constructorField returns the value that every non-nil first result of
// fn, a composite literal it makes, stores into its field name (literalField)
// when all agree: one parameter of fn, or one constant; else nil.
func constructorField(fn *ssa.Function, name string) ssa.Value {
	var out ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if k, isConst := ret.Results[0].(*ssa.Const); isConst && k.IsNil() {
			continue
		}
		lit, isAlloc := ret.Results[0].(*ssa.Alloc)
		if !isAlloc {
			return nil
		}
		w := literalField(lit, name)
		switch w.(type) {
		case *ssa.Parameter, *ssa.Const:
		default:
			return nil
		}
		if out != nil && !sameFlag(out, w) {
			return nil
		}
		out = w
	}
	return out
}

// sameFlag reports whether a and b, each a parameter or a constant, are
// the same parameter or equal constants.
func sameFlag(a, b ssa.Value) bool {
	ka, aConst := a.(*ssa.Const)
	kb, bConst := b.(*ssa.Const)
	if aConst && bConst {
		return ka.Value != nil && kb.Value != nil && constant.Compare(ka.Value, token.EQL, kb.Value)
	}
	return a == b
}

// helperInput returns the input of the caller that the composite literal
// of the helper allocation a stores into its field (a marked name), or
// -1: the caller branches on that input through the callee.
func (c *checker) helperInput(a ssa.Value, field string) int {
	alloc, isAlloc := a.(*ssa.Alloc)
	if !isAlloc || c.model.Strict {
		return -1
	}
	if w := literalField(alloc, strings.TrimPrefix(field, boolFieldMark)); w != nil {
		return c.passedInput(w)
	}
	return -1
}
