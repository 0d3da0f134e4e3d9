// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file knows that go test runs the Test functions of a package one
// after another: two goroutines started only from different Test
// functions, neither of which calls t.Parallel, do not run at the same
// time on that basis (a goroutine a test leaks is not modelled).

// maxTestRounds bounds the rounds that carry test roots to helpers of
// helpers.
const maxTestRounds = 3

// testRoots maps each function of a _test.go file that only Test
// functions reach (a Test function, its closures, and helpers every one
// of whose callers is such a function) to the Test functions it runs in.
type testRoots struct {
	roots    map[*ssa.Function][]*ssa.Function
	parallel map[*ssa.Function]bool // Test functions that call t.Parallel
}

// computeTestRoots finds the Test functions of funcs and what they reach.
func (c *checker) computeTestRoots(funcs []*ssa.Function) *testRoots {
	tr := &testRoots{roots: make(map[*ssa.Function][]*ssa.Function), parallel: make(map[*ssa.Function]bool)}
	callers := make(map[*ssa.Function][]*ssa.Function)
	indirect := make(map[*ssa.Function]bool)
	var ops []*ssa.Value
	for _, fn := range funcs {
		if isTestFunc(c, fn) {
			tr.roots[fn] = []*ssa.Function{fn}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, isCall := instr.(*ssa.Call)
				if isCall && c.isParallelCall(call) {
					if top := ssaops.TopLevel(fn); isTestFunc(c, top) {
						tr.parallel[top] = true
					}
				}
				for i, op := range instr.Operands(ops[:0]) {
					callee, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if isCall && i == 0 && !call.Call.IsInvoke() {
						callers[callee] = append(callers[callee], fn)
					} else {
						indirect[callee] = true
					}
				}
			}
		}
	}
	for range maxTestRounds {
		changed := false
		for callee, sites := range callers {
			if callee.Parent() != nil || indirect[callee] || tr.roots[callee] != nil || !c.inTestFile(callee) {
				continue
			}
			var roots []*ssa.Function
			for _, caller := range sites {
				r := tr.of(caller)
				if r == nil {
					roots = nil
					break
				}
				for _, t := range r {
					if !slices.Contains(roots, t) {
						roots = append(roots, t)
					}
				}
			}
			if roots != nil {
				tr.roots[callee] = roots
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return tr
}

// of returns the Test functions fn runs in, or nil if it may run
// outside them.
func (tr *testRoots) of(fn *ssa.Function) []*ssa.Function {
	return tr.roots[ssaops.TopLevel(fn)]
}

// tests returns the Test functions fn runs in, or nil if it may run
// outside them, and whether one of them calls t.Parallel.
func (tr *testRoots) tests(fn *ssa.Function) ([]*ssa.Function, bool) {
	r := tr.of(fn)
	return r, slices.ContainsFunc(r, func(t *ssa.Function) bool { return tr.parallel[t] })
}

// sequential reports whether code run by two entries, in Test functions
// a and b (see tests), never runs at the same time: both are known, they
// have none in common, and they are not both parallel (go test runs the
// parallel tests together, once the sequential ones are done).
func sequential(a, b *entry) bool {
	if len(a.tests) == 0 || len(b.tests) == 0 || a.parallel && b.parallel {
		return false
	}
	return !slices.ContainsFunc(a.tests, func(t *ssa.Function) bool { return slices.Contains(b.tests, t) })
}

// inTestFile reports whether fn is declared in a _test.go file.
func (c *checker) inTestFile(fn *ssa.Function) bool {
	if !fn.Pos().IsValid() {
		return false
	}
	return strings.HasSuffix(c.pass.Fset.File(fn.Pos()).Name(), "_test.go")
}

// isTestFunc reports whether fn is a test: func TestXxx(t *testing.T) in
// a _test.go file.
func isTestFunc(c *checker, fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Signature.Recv() != nil || !strings.HasPrefix(fn.Name(), "Test") || !c.inTestFile(fn) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(fn.Name()[len("Test"):]); unicode.IsLower(r) {
		return false // Testify is not a test
	}
	params := fn.Signature.Params()
	return params.Len() == 1 && isNamed(params.At(0).Type(), "testing", "T") && fn.Signature.Results().Len() == 0
}

// isParallelCall reports whether call is a Parallel row of the model
// ((*testing.T).Parallel).
func (c *checker) isParallelCall(call *ssa.Call) bool {
	rc, ok := c.model.Resolve(call.Common())
	if !ok {
		return false
	}
	_, ok = rc.Row(model.Parallel)
	return ok
}
