// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// maxNoReturnRounds bounds the fixpoint over the package's helpers that
// call helpers.
const maxNoReturnRounds = 4

// computeNoReturns records in m the functions of funcs that never return:
// every path from their entry reaches a call that does not return (an
// Exits or Unwinds row of the model, or such a function of the package)
// or a panic before it reaches a return. A call of one ends its caller's
// path, as t.Fatalf does. For a declared function ctrlflow knows, the
// SSA form already says so (buildssa asks ctrlflow, and a panic follows
// the call); what this adds is function literals, which ctrlflow does
// not name (a test's local helper, go-redis's ef := func(…) { …;
// t.FailNow() }), and the declared functions that stop only in one. A function
// with a deferred recover may return, and so may one that calls itself:
// both count as returning.
func computeNoReturns(m *model.Model, funcs []*ssa.Function) {
	for range maxNoReturnRounds {
		changed := false
		for _, fn := range funcs {
			if exits, _ := m.NeverReturns(fn); exits {
				continue
			}
			if never, defers := neverReturns(m, fn); never {
				m.SetNeverReturns(fn, defers)
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// neverReturns reports whether no path of fn from its entry reaches a
// return without first passing a call that does not return or a panic,
// and whether the deferred calls of the goroutine run on some of those
// paths (an Unwinds row, a panic).
func neverReturns(m *model.Model, fn *ssa.Function) (never, runsDefers bool) {
	if len(fn.Blocks) == 0 || fn.Recover != nil {
		return false, false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	stack := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		stopped := false
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Panic); ok {
				stopped, runsDefers = true, true
				break
			}
			if _, ok := instr.(*ssa.Return); ok {
				return false, false
			}
			if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() == fn {
				return false, false // recursion: taken to return
			}
			if exits, defers := m.Exits(instr); exits {
				stopped, runsDefers = true, runsDefers || defers
				break
			}
		}
		if !stopped {
			stack = append(stack, b.Succs...)
		}
	}
	return true, runsDefers
}
