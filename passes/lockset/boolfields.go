// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
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
// a constant or an input of the caller that the caller's analysis fixes.
func (c *checker) helperBool(caller *funcInfo, a ssa.Value, field string) (value, ok bool) {
	alloc, isAlloc := a.(*ssa.Alloc)
	if !isAlloc || c.model.Strict {
		return false, false
	}
	w := literalField(alloc, strings.TrimPrefix(field, boolFieldMark))
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
