// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file follows a constant argument of an integer, string or float
// type into the callee's comparisons of that parameter with constants,
// the way boolargs.go follows a constant boolean:
//
//	func (c *Conn) sendAlertLocked(err alert) error {
//		…
//		c.writeRecordLocked(recordTypeAlert, c.tmp[0:2])
//	}
//	func (c *Conn) writeRecordLocked(typ recordType, data []byte) (int, error) {
//		…
//		if typ == recordTypeChangeCipherSpec && c.vers != VersionTLS13 {
//			c.out.changeCipherSpec() // writes c.out's cipher state
//		}
//
// Analysed once, writeRecordLocked writes the cipher state for every
// caller, among them the alert a reader sends holding only c.in. A call
// with a constant for a parameter that the callee compares with a
// constant (==, !=, <, <=, >, >=; a switch on it is a chain of such
// comparisons) is instead analysed with the branches the comparison rules
// out cut, once per distinct constant, and the constant goes on to the
// callees the parameter is passed to. A parameter is a value that nothing
// but its own function can assign (a spilled one is followed only when
// nothing assigns its variable again, spilledParam): the comparison's
// outcome is exact, in both readings.

// A constTest is a comparison of an input of a function with a constant.
type constTest struct {
	input        int            // inputIndex of the compared value
	op           token.Token    // the comparison
	k            constant.Value // the constant it is compared with
	inputOnRight bool           // the comparison is k op input
}

// constTest returns, for v a comparison of an input (inputIndex) of its
// function with a constant of a basic type (not nil), what it compares.
func (c *checker) constTest(v ssa.Value) (constTest, bool) {
	bin, ok := v.(*ssa.BinOp)
	if !ok || !comparison(bin.Op) {
		return constTest{}, false
	}
	x, y, swapped := bin.X, bin.Y, false
	if k, isConst := x.(*ssa.Const); isConst && comparableConst(k) {
		x, y, swapped = y, x, true
	}
	k, isConst := y.(*ssa.Const)
	if !isConst || !comparableConst(k) {
		return constTest{}, false
	}
	i := c.inputIndex(x)
	if i < 0 {
		return constTest{}, false
	}
	return constTest{input: i, op: bin.Op, k: k.Value, inputOnRight: swapped}, true
}

// eval returns the outcome of the comparison t when args fix its input,
// and whether they do and the outcome is known.
func (t constTest) eval(args boolArgs) (result, ok bool) {
	fixed := args.lookupConst(t.input)
	if fixed == nil || !sameConstKind(fixed, t.k) {
		return false, false
	}
	if t.inputOnRight {
		return constant.Compare(t.k, t.op, fixed), true
	}
	return constant.Compare(fixed, t.op, t.k), true
}

// lookupConst returns the constant args fix the input i to (a fixed
// boolean as a boolean constant), or nil.
func (a boolArgs) lookupConst(i int) constant.Value {
	if i < 0 {
		return nil
	}
	for _, x := range a {
		if x.param != i || x.field != "" {
			continue
		}
		if x.konst != nil {
			return x.konst
		}
		return constant.MakeBool(x.value)
	}
	return nil
}

// comparableConst reports whether k is a known constant that constTest
// can compare: a boolean, a string, an integer or a float.
func comparableConst(k *ssa.Const) bool {
	if k.Value == nil {
		return false // nil, or the zero value of a struct or array
	}
	switch k.Value.Kind() {
	case constant.Bool, constant.String, constant.Int, constant.Float:
		return true
	}
	return false
}

// sameConstKind reports whether constant.Compare can compare x and y: both
// numeric, or of one kind.
func sameConstKind(x, y constant.Value) bool {
	numeric := func(v constant.Value) bool { return v.Kind() == constant.Int || v.Kind() == constant.Float }
	return x.Kind() == y.Kind() || numeric(x) && numeric(y)
}
