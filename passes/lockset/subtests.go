// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Parallel subtests (a Subtest row, (*testing.T).Run, whose function
// calls t.Parallel) run after the test function that starts them has
// returned, all at once:
//
//	total := 0
//	for _, n := range nums {
//		t.Run(name, func(t *testing.T) { t.Parallel(); total += n })
//	}
//
// Each is a goroutine that never runs beside its spawner's own code (the
// spawner is done when they start: liveness never has it running) but
// runs beside every other parallel subtest of the same function, another
// instance of itself included (checkSpawns, where instances are also
// taken to fill their own elements of a shared slice, as goroutines
// started in a loop are). A subtest that does not call Parallel is waited
// for by Run: not a goroutine at all for the pairs.

// subtestAt returns the parallel subtest a call starts, or nil.
func (c *checker) subtestAt(instr ssa.Instruction, call model.Call) *spawn {
	row, ok := call.Row(model.Subtest)
	if !ok || len(row.Args) == 0 {
		return nil
	}
	body, bindings := ssaops.FuncValue(call.Arg(row.Args[0]))
	if body == nil || !c.callsParallel(body) {
		return nil
	}
	return &spawn{instr: instr, callee: body, bindings: bindings, parallelSubtest: true}
}

// callsParallel reports whether the subtest function fn calls Parallel
// on its own test (its first parameter), on some path.
func (c *checker) callsParallel(fn *ssa.Function) bool {
	if len(fn.Params) == 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !c.isParallelCall(call) {
				continue
			}
			if rc, ok := c.model.Resolve(call.Common()); ok && rc.Recv == fn.Params[0] {
				return true
			}
		}
	}
	return false
}
