// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file follows a field's test against nil into the callees that
// test it again, the way boolargs.go follows a constant boolean:
//
//	func (c *Conn) readHandshakeBytes(n int) error {
//		if c.quic != nil {
//			return c.quicReadHandshakeBytes(n) // … → c.sendAlertLocked(err)
//		}
//		…
//	}
//	func (c *Conn) sendAlertLocked(err alert) error {
//		if c.quic != nil {
//			return c.out.setErrorLocked(…)
//		}
//		… c.writeRecordLocked(…) // writes c.out, whose lock the QUIC path does not hold
//
// A call made where the caller's test says the field of an argument is
// (or is not) nil is analysed with that fact (a boolArg with a field), so
// that the callee's branches that contradict it are cut, and the fact is
// passed on to the callee's callees. crypto/tls' QUIC and TLS paths are
// this idiom. Only the default reading follows fields: nothing checks
// that the field keeps its value between the two tests (a field set once,
// when its object is made, as c.quic is).

// A fieldNilTest is a comparison of a field of a function's input with
// nil.
type fieldNilTest struct {
	input        int    // inputIndex of the value whose field is compared
	field        string // the field's name
	nonNilIfTrue bool   // the comparison is x.f != nil
}

// nilTest returns, for a comparison v of a field of an input of its
// function with nil (x.f != nil, x.f == nil), what it tests. The strict
// reading follows no field.
func (c *checker) nilTest(v ssa.Value) (fieldNilTest, bool) {
	x, field, neq, ok := fieldNilComparison(v)
	if !ok || c.model.Strict {
		return fieldNilTest{}, false
	}
	i := c.inputIndex(x)
	if i < 0 {
		return fieldNilTest{}, false
	}
	return fieldNilTest{input: i, field: field, nonNilIfTrue: neq}, true
}

// nilCompared returns, for v of the form x == nil or x != nil, x and the
// index of the successor of a branch on v that runs when x is nil (0 for
// ==, 1 for !=).
func nilCompared(v ssa.Value) (x ssa.Value, nilSucc int, ok bool) {
	bin, isBin := v.(*ssa.BinOp)
	if !isBin || (bin.Op != token.NEQ && bin.Op != token.EQL) {
		return nil, 0, false
	}
	x = bin.X
	if k, isConst := bin.X.(*ssa.Const); isConst && k.IsNil() {
		x = bin.Y
	} else if k, isConst := bin.Y.(*ssa.Const); !isConst || !k.IsNil() {
		return nil, 0, false
	}
	if bin.Op == token.NEQ {
		nilSucc = 1
	}
	return x, nilSucc, true
}

// fieldNilComparison returns, for v of the form x.f != nil or x.f == nil
// (a load of a field of the pointer x), x, the field's name, and whether
// v is the != comparison.
func fieldNilComparison(v ssa.Value) (x ssa.Value, field string, neq, ok bool) {
	operand, nilSucc, ok := nilCompared(v)
	if !ok {
		return nil, "", false, false
	}
	load, isLoad := operand.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return nil, "", false, false
	}
	name := fieldName(load.X)
	if name == "" {
		return nil, "", false, false
	}
	return load.X.(*ssa.FieldAddr).X, name, nilSucc == 1, true
}

// testedNil returns whether the caller's own test, on the path to the
// call at, says that field of the argument a is not nil: a comparison of
// a.field with nil ending a block that dominates the call, whose branch
// that the call is on only that block enters.
func (c *checker) testedNil(at ssa.Instruction, a ssa.Value, field string) (nonNil, ok bool) {
	if c.model.Strict || at == nil || at.Block() == nil {
		return false, false
	}
	b := at.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		v, negated := condOf(d)
		if v == nil {
			continue
		}
		x, f, neq, isTest := fieldNilComparison(v)
		if !isTest || f != field || !sameInput(c, x, a) {
			continue
		}
		for k, s := range d.Succs {
			if len(s.Preds) == 1 && s.Dominates(b) {
				condTrue := (k == 0) != negated // Succs[0] is the true branch
				return condTrue == neq, true
			}
		}
	}
	return false, false
}

// sameInput reports whether x and a are the same value, or loads of the
// same input of their function.
func sameInput(c *checker, x, a ssa.Value) bool {
	if x == a {
		return true
	}
	i := c.inputIndex(x)
	return i >= 0 && i == c.inputIndex(a) && x.Parent() == a.Parent()
}
