// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
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
// choice of constants. A function literal that captures such a parameter
// and branches on it is followed the same way:
//
//	fsLock := func() { if needFSLock { fs.mu.Lock() } }

// A boolArg fixes one parameter of a function to a constant: Params[param],
// or, past the parameters, FreeVars[param-len(Params)], a captured
// variable fixed by the binding of the call's closure. With a field, it
// fixes instead whether that field of the parameter is not nil (value):
// the caller tested it (fieldnil.go); or, with a field marked
// boolFieldMark, the value of that boolean field (boolfields.go). With konst, it fixes the parameter
// to that constant of another basic type than bool (constargs.go).
type boolArg struct {
	param int
	field string
	value bool
	konst constant.Value
}

// An inputRef names a parameter, or a field of one, that a function
// branches on (branchParams).
type inputRef struct {
	param int
	field string
}

// boolArgs is a set of fixed parameters, in the order branchParams gives
// them (so one set has one key); nil is the general case.
type boolArgs []boolArg

func (a boolArgs) key() string {
	var b strings.Builder
	for _, x := range a {
		b.WriteString(strconv.Itoa(x.param))
		if x.field != "" {
			b.WriteString("." + x.field)
		}
		if x.konst != nil {
			b.WriteString("=" + strconv.Quote(x.konst.ExactString()))
			continue
		}
		b.WriteString(strconv.FormatBool(x.value)[:1])
	}
	return b.String()
}

// lookup returns the fixed value of the input i (inputIndex), if any.
func (a boolArgs) lookup(i int) (value, ok bool) { return a.lookupField(i, "") }

// lookupField returns whether field of the input i is fixed not nil, if
// it is fixed; lookupField(i, "") is lookup(i).
func (a boolArgs) lookupField(i int, field string) (value, ok bool) {
	if i < 0 {
		return false, false
	}
	for _, x := range a {
		if x.param == i && x.field == field && x.konst == nil {
			return x.value, true
		}
	}
	return false, false
}

// inputIndex returns the index of v among its function's inputs, the
// parameters then the captured variables, or -1 if v is neither. A
// parameter that a literal captures is read from its variable
// (spilledParam), and the literal reads it through its captured
// variable: a load of either is the input.
func (c *checker) inputIndex(v ssa.Value) int {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		switch x := u.X.(type) {
		case *ssa.Alloc:
			return c.spilledParam(x)
		case *ssa.FreeVar:
			v = x
		}
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return slices.Index(v.Parent().Params, v)
	case *ssa.FreeVar:
		if i := slices.Index(v.Parent().FreeVars, v); i >= 0 {
			return len(v.Parent().Params) + i
		}
	}
	return -1
}

// branchParams returns the inputs (inputIndex) of fn, boolean parameters
// and captured variables, that some If of fn tests directly (or negated),
// parameters it compares with a constant (constargs.go), and, in the
// default reading, the fields of inputs it tests against nil
// (fieldnil.go) and the boolean fields of inputs it tests (boolfields.go,
// with the inputs of fn stored into a helper's such field), or that fn
// passes on to a function of the package that
// branches on them (a helper, or the literals that take the lock),
// memoised.
func (c *checker) branchParams(fn *ssa.Function) []inputRef {
	if ps, ok := c.branches[fn]; ok {
		return ps
	}
	c.branches[fn] = nil // a recursive call passes on nothing more
	var ps []inputRef
	add := func(i int, field string) {
		if r := (inputRef{i, field}); i >= 0 && !slices.Contains(ps, r) {
			ps = append(ps, r)
		}
	}
	for _, b := range fn.Blocks {
		v, _ := condOf(b)
		add(c.inputIndex(v), "")
		if t, ok := c.nilTest(v); ok {
			add(t.input, t.field)
		}
		if t, ok := c.constTest(v); ok {
			add(t.input, "")
		}
		if i, f, ok := c.boolFieldTest(v); ok {
			add(i, f)
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee, bindings := staticCallee(call.Common())
			if callee == nil {
				continue
			}
			callee = bodyOf(callee)
			if callee.Pkg == nil || callee.Pkg.Pkg != c.pkg {
				continue
			}
			for _, r := range c.branchParams(callee) {
				if arg := inputArg(callee, r.param, call.Common().Args, bindings); arg != nil {
					add(c.passedInput(arg), r.field)
					if isBoolField(r.field) {
						add(c.helperInput(arg, r.field), "")
					}
				}
			}
		}
	}
	c.branches[fn] = ps
	return ps
}

// passedInput returns the input index of fn that the argument or binding
// v passes on: a parameter, a captured variable, or the variable of a
// captured parameter (a binding of a literal); -1 for anything else.
func (c *checker) passedInput(v ssa.Value) int {
	if a, ok := v.(*ssa.Alloc); ok {
		return c.spilledParam(a)
	}
	return c.inputIndex(v)
}

// inputArg returns what a call with arguments args and literal bindings
// passes for the input i (inputIndex) of callee, or nil.
func inputArg(callee *ssa.Function, i int, args, bindings []ssa.Value) ssa.Value {
	n := len(callee.Params)
	switch {
	case i < n && i < len(args):
		return args[i]
	case i >= n && i-n < len(bindings):
		return bindings[i-n]
	}
	return nil
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

// feasible reports whether the i'th out-edge of b can be taken given the
// fixed parameters, the split condition of fi, and constant conditions.
func (c *checker) feasible(fi *funcInfo, b *ssa.BasicBlock, i int) bool {
	v, negated := condOf(b)
	if v == nil {
		return true
	}
	want, ok := fi.args.lookup(c.inputIndex(v))
	if k, isConst := v.(*ssa.Const); isConst && k.Value != nil && k.Value.Kind() == constant.Bool {
		// A constant condition (const debug = false; if debug { … }):
		// the SSA builder keeps both branches.
		want, ok = constant.BoolVal(k.Value), true
	}
	if !ok && fi.split != nil && fi.split.v == v {
		want, ok = fi.split.value, true
	}
	if !ok {
		if t, isTest := c.nilTest(v); isTest {
			if nonNil, fixed := fi.args.lookupField(t.input, t.field); fixed {
				want, ok = nonNil == t.nonNilIfTrue, true
			}
		}
	}
	if !ok {
		if t, isTest := c.constTest(v); isTest {
			want, ok = t.eval(fi.args)
		}
	}
	if !ok {
		if i, f, isTest := c.boolFieldTest(v); isTest {
			want, ok = fi.args.lookupField(i, f)
		}
	}
	if !ok {
		return true
	}
	return (i == 0) == (want != negated) // Succs[0] is the true branch
}

// fixedArgs returns the parameters and captured variables of callee that
// the call, with its arguments args and its closure's bindings, fixes to
// constants and that callee branches on: literal true or false, another
// constant of a basic type (constargs.go), or an input of the caller
// fixed itself.
func (c *checker) fixedArgs(caller *funcInfo, callee *ssa.Function, args, bindings []ssa.Value, at ssa.Instruction) boolArgs {
	var out boolArgs
	for _, r := range c.branchParams(callee) {
		a := inputArg(callee, r.param, args, bindings)
		if r.field != "" {
			if a == nil {
				continue
			}
			if v, ok := caller.args.lookupField(c.passedInput(a), r.field); ok {
				out = append(out, boolArg{r.param, r.field, v, nil})
			} else if isBoolField(r.field) {
				if v, ok := c.helperBool(caller, a, r.field); ok {
					out = append(out, boolArg{r.param, r.field, v, nil})
				}
			} else if v, ok := c.testedNil(at, a, r.field); ok {
				out = append(out, boolArg{r.param, r.field, v, nil})
			}
			continue
		}
		switch a := a.(type) {
		case nil:
		case *ssa.Const:
			if isBool(a.Type()) && a.Value != nil && a.Value.Kind() == constant.Bool {
				out = append(out, boolArg{r.param, "", constant.BoolVal(a.Value), nil})
			} else if comparableConst(a) {
				out = append(out, boolArg{r.param, "", false, a.Value})
			}
		default:
			i := c.passedInput(a)
			if v, ok := caller.args.lookup(i); ok {
				out = append(out, boolArg{r.param, "", v, nil})
			} else if k := caller.args.lookupConst(i); k != nil {
				out = append(out, boolArg{r.param, "", false, k})
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
	ak := analysisKey{fn: k.fn, args: k.args}
	if fi, ok := c.specs[k]; ok && c.reuse(ak, fi, func(x *funcInfo) { c.specs[k] = x }) {
		return fi
	}
	c.specs[k] = nil // recursion sees the empty summary
	c.specArgs[ak] = args
	c.deps.begin()
	fi := c.analyzeSplit(callee, args, false)
	c.deps.end(ak, fi)
	c.specs[k] = fi
	return fi
}

// specKey names one specialised analysis.
type specKey struct {
	fn   *ssa.Function
	args string
}
