// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A function of the package that runs a function parameter on a
// goroutine of its own and waits for nothing is a spawning call for its
// callers, as a Spawn row of the model is:
//
//	func (s *Server) startGoRoutine(f func()) bool {
//		s.grWG.Add(1)
//		go func() { defer s.grWG.Done(); f() }()
//		return true
//	}
//	s.startGoRoutine(func() { s.count++ }) // a goroutine of the caller
//
// Inside the wrapper, f is a function value whose captured variables the
// wrapper's frame cannot name; at each call site the literal passed is
// known, with its bindings in the caller's frame, so the goroutine is
// compared there with the caller's code after the call and with the
// other entry points, as a go statement's is.

// A startedParam is the function parameter a wrapper runs on a
// goroutine (fn, an index among the wrapper's parameters, -1 for none)
// and, for a go statement that calls it directly, the wrapper's
// parameters it passes (args, indices; -1 for an argument that is not a
// parameter).
type startedParam struct {
	fn   int
	args []int
}

// startedParam returns the function parameter that fn, a function of the
// package, runs on a goroutine it does not wait for. fn must run it from
// a go statement (go f(…), or a literal that calls it, go func() { …;
// f() }()) and contain no receive, select or Join-row call, which could
// wait for that goroutine.
func (c *checker) startedParam(fn *ssa.Function) startedParam {
	if sp, ok := c.started[fn]; ok {
		return sp
	}
	if c.started == nil {
		c.started = make(map[*ssa.Function]startedParam)
	}
	sp := c.findStartedParam(fn)
	if sp.fn < 0 {
		sp = c.importedStartedParam(fn)
	}
	c.started[fn] = sp
	return sp
}

// importedStartedParam returns what the summary fact of fn, a function of
// another package, says it starts (Summary.Starts).
func (c *checker) importedStartedParam(fn *ssa.Function) startedParam {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == c.pkg {
		return startedParam{fn: -1}
	}
	sum := c.factSummary(obj)
	if sum == nil || len(sum.Starts) == 0 {
		return startedParam{fn: -1}
	}
	return startedParam{fn: sum.Starts[0], args: sum.Starts[1:]}
}

// findStartedParam computes startedParam.
func (c *checker) findStartedParam(fn *ssa.Function) startedParam {
	none := startedParam{fn: -1}
	if fn != nil && fn.Origin() != nil {
		fn = fn.Origin() // an instance: the parameters' indices are the generic body's
	}
	if fn == nil || fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pkg || !hasFuncParam(fn) {
		return none
	}
	param := func(v ssa.Value) int {
		if cell, ok := v.(*ssa.Alloc); ok {
			// The parameter's variable, when a literal captures it:
			// stored once, from the parameter.
			v = ssaops.StoredOnce(cell)
		}
		for i, p := range fn.Params {
			if v == p {
				return i
			}
		}
		return -1
	}
	found := none
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.UnOp:
				if i.Op == token.ARROW {
					return none
				}
			case *ssa.Select:
				return none
			case *ssa.Call:
				if rc, ok := c.model.Resolve(i.Common()); ok && rc.Joins() {
					return none
				}
			case *ssa.Go:
				if k := param(i.Call.Value); k >= 0 {
					found = startedParam{fn: k}
					for _, a := range i.Call.Args {
						found.args = append(found.args, param(a))
					}
					continue
				}
				mc, ok := i.Call.Value.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				if lit, ok := mc.Fn.(*ssa.Function); ok {
					for j, b := range mc.Bindings {
						if k := param(b); k >= 0 && callsFreeVar(lit, j) {
							found = startedParam{fn: k}
						}
					}
				}
			}
		}
	}
	return found
}

// hasFuncParam reports whether one of fn's parameters is a function: the
// export of every package's summaries asks every function, most of which
// have none and need no scan of their body.
func hasFuncParam(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if _, ok := ssaops.CoreType(p.Type()).(*types.Signature); ok { // F ~func() too
			return true
		}
	}
	return false
}

// callsFreeVar reports whether the literal fn calls its free variable j,
// or the function its captured variable j holds.
func callsFreeVar(fn *ssa.Function, j int) bool {
	if j >= len(fn.FreeVars) {
		return false
	}
	fv := fn.FreeVars[j]
	for _, ref := range *fv.Referrers() {
		v := ssa.Value(fv)
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			if call, ok := r.(ssa.CallInstruction); ok && call.Common().Value == v {
				return true
			}
		}
	}
	return false
}

// wrapperSpawnAt returns the goroutine a call of a spawning wrapper of
// the package starts (startedParam), or nil.
func (c *checker) wrapperSpawnAt(call *ssa.Call) *spawn {
	callee := call.Call.StaticCallee()
	if callee == nil || call.Call.IsInvoke() {
		return nil
	}
	// A static call's arguments, like the callee's parameters, start
	// with a method's receiver.
	started := c.startedParam(callee)
	args := call.Call.Args
	if started.fn < 0 || started.fn >= len(args) {
		return nil
	}
	body, bindings := ssaops.FuncValue(args[started.fn])
	if body == nil {
		return nil
	}
	var goArgs []ssa.Value
	for _, k := range started.args {
		if k < 0 || k >= len(args) {
			goArgs = nil // an argument the caller cannot name
			break
		}
		goArgs = append(goArgs, args[k])
	}
	if len(goArgs) != len(body.Params) {
		goArgs = nil
	}
	sp := &spawn{instr: call, callee: body, args: goArgs, bindings: bindings}
	if callee.Signature.Recv() != nil {
		// A pool's Submit: what waits on the pool (its Wait, which
		// waits on the pool's group) joins the goroutine.
		sp.group = args[0]
	}
	return sp
}
