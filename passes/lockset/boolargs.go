// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file follows a constant boolean argument into its callee: the
// convention of helpers that take their lock only when asked,
//
//	func (s *Sublist) remove(sub *subscription, shouldLock bool) {
//		if shouldLock {
//			s.Lock()
//			defer s.Unlock()
//		}
//		...
//
// called as remove(sub, true) by the exported method and as
// remove(sub, false) by callers that already hold s. Analysed once, the
// helper merges both branches: it holds nothing at its accesses and may
// release s, so a caller that holds s loses it after the call. A call
// with constant arguments for parameters the helper branches on is
// instead analysed with the infeasible branches cut, once per distinct
// choice of constants.

// A boolArg fixes one parameter of a function to a constant.
type boolArg struct {
	param int
	value bool
}

// boolArgs is a set of fixed parameters, in the order branchParams gives
// them (so one set has one key); nil is the general case.
type boolArgs []boolArg

func (a boolArgs) key() string {
	var b strings.Builder
	for _, x := range a {
		b.WriteString(strconv.Itoa(x.param))
		b.WriteString(strconv.FormatBool(x.value)[:1])
	}
	return b.String()
}

// lookup returns the fixed value of parameter p, if any.
func (a boolArgs) lookup(p *ssa.Parameter) (value, ok bool) {
	fn := p.Parent()
	for _, x := range a {
		if x.param < len(fn.Params) && fn.Params[x.param] == p {
			return x.value, true
		}
	}
	return false, false
}

// branchParams returns the indices of the boolean parameters of fn that
// some If of fn tests directly (or negated), memoised.
func (c *checker) branchParams(fn *ssa.Function) []int {
	if ps, ok := c.branches[fn]; ok {
		return ps
	}
	var ps []int
	for _, b := range fn.Blocks {
		if p := condParam(b); p != nil {
			for i, q := range fn.Params {
				if q == p && !slices.Contains(ps, i) {
					ps = append(ps, i)
				}
			}
		}
	}
	c.branches[fn] = ps
	return ps
}

// condOf returns the boolean value b's closing If tests, and whether the
// If tests its negation.
func condOf(b *ssa.BasicBlock) (v ssa.Value, negated bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	cond := ifi.Cond
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		return u.X, true
	}
	return cond, false
}

// condParam returns the parameter b's closing If tests, if it tests one.
func condParam(b *ssa.BasicBlock) *ssa.Parameter {
	v, _ := condOf(b)
	p, _ := v.(*ssa.Parameter)
	return p
}

// feasible reports whether the i'th out-edge of b can be taken given the
// fixed parameters and the split condition of fi.
func (fi *funcInfo) feasible(b *ssa.BasicBlock, i int) bool {
	v, negated := condOf(b)
	if v == nil {
		return true
	}
	var want, ok bool
	if p, isParam := v.(*ssa.Parameter); isParam {
		want, ok = fi.args.lookup(p)
	}
	if !ok && fi.split != nil && fi.split.v == v {
		want, ok = fi.split.value, true
	}
	if !ok {
		return true
	}
	return (i == 0) == (want != negated) // Succs[0] is the true branch
}

// fixedArgs returns the parameters of callee that the call fixes to
// constants and that callee branches on: literal true or false, or a
// parameter of the caller fixed itself.
func (c *checker) fixedArgs(caller *funcInfo, callee *ssa.Function, args []ssa.Value) boolArgs {
	var out boolArgs
	for _, i := range c.branchParams(callee) {
		if i >= len(args) {
			continue
		}
		switch a := args[i].(type) {
		case *ssa.Const:
			if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 && a.Value != nil && a.Value.Kind() == constant.Bool {
				out = append(out, boolArg{i, constant.BoolVal(a.Value)})
			}
		case *ssa.Parameter:
			if v, ok := caller.args.lookup(a); ok {
				out = append(out, boolArg{i, v})
			}
		}
	}
	return out
}

// specialized returns the analysis of callee with args fixed, memoised;
// the general analysis when nothing is fixed.
func (c *checker) specialized(callee *ssa.Function, args boolArgs) *funcInfo {
	if len(args) == 0 {
		return c.info(callee)
	}
	k := specKey{callee, args.key()}
	if fi, ok := c.specs[k]; ok {
		return fi
	}
	c.specs[k] = nil // recursion sees the empty summary
	fi := c.analyzeSplit(callee, args)
	c.specs[k] = fi
	return fi
}

// specKey names one specialised analysis.
type specKey struct {
	fn   *ssa.Function
	args string
}
