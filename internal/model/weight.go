// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// FullWeight reports whether weight is the whole capacity of the
// semaphore recv: recv was made in the same function by a call of the
// constructor ctor (semaphore.NewWeighted(n)), directly or through a
// variable assigned only that, and weight is n: the same value, the same
// value converted alike (int64(workers) twice), or an equal constant.
func FullWeight(recv, weight ssa.Value, ctor string) bool {
	made := madeBy(recv, ctor)
	if made == nil || weight == nil || len(made.Call.Args) == 0 {
		return false
	}
	return sameNumber(made.Call.Args[0], weight)
}

// madeBy returns the call of ctor whose result v is, directly or loaded
// from a local variable that function literals capture and only that
// call's result is stored into.
func madeBy(v ssa.Value, ctor string) *ssa.Call {
	if ld, ok := v.(*ssa.UnOp); ok {
		a, ok := ld.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		v = ssaops.StoredOnce(a)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok {
		return nil
	}
	if obj, ok := fn.Object().(*types.Func); !ok || obj.FullName() != ctor {
		return nil
	}
	return call
}

// sameNumber reports whether a and b are the same number: the same
// value, conversions of the same value to the same type, or equal
// constants.
func sameNumber(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	if ca, ok := a.(*ssa.Const); ok {
		cb, ok := b.(*ssa.Const)
		return ok && ca.Value != nil && cb.Value != nil && constant.Compare(ca.Value, token.EQL, cb.Value)
	}
	xa, ok := a.(*ssa.Convert)
	if !ok {
		return false
	}
	xb, ok := b.(*ssa.Convert)
	return ok && types.Identical(xa.Type(), xb.Type()) && xa.X == xb.X
}
