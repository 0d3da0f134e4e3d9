// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file carries a helper's constant boolean result back to its
// caller, the event loop's idiom for a message that ends the machine:
//
//	for ev := range c.inbox {
//		if c.onReply(ev) { // returns true right after sending its report
//			return
//		}
//	}
//
// A scan that continues in the caller after the helper returned on a path
// that returns true follows only the branch that test takes, so the loop's
// return ends the machine there, rather than both branches, one of which
// handles the next message.

// A boolResult is the constant boolean a path returns, if any.
type boolResult int8

const (
	unknownResult boolResult = iota
	trueResult
	falseResult
)

// returnedBool returns the constant boolean ret returns as its one result,
// if it does.
func returnedBool(ret *ssa.Return) boolResult {
	if len(ret.Results) != 1 {
		return unknownResult
	}
	c, ok := ret.Results[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
		return unknownResult
	}
	if constant.BoolVal(c.Value) {
		return trueResult
	}
	return falseResult
}

// of returns the values known after call returned with r: call itself,
// or nothing if r is unknown.
func (r boolResult) of(call *ssa.Call) map[ssa.Value]bool {
	if r == unknownResult {
		return nil
	}
	return map[ssa.Value]bool{call: r == trueResult}
}

// knownBranch returns the successor of b that its test of a known value
// (or of its negation) takes, if b ends in one.
func knownBranch(b *ssa.BasicBlock, known map[ssa.Value]bool) ([]*ssa.BasicBlock, bool) {
	v := ssaops.IfCond(b)
	if len(known) == 0 || v == nil {
		return nil, false
	}
	negated := false
	if not, ok := v.(*ssa.UnOp); ok && not.Op == token.NOT {
		v, negated = not.X, true
	}
	val, ok := known[v]
	if !ok {
		return nil, false
	}
	if val != negated {
		return b.Succs[:1], true
	}
	return b.Succs[1:], true
}
