// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A function literal that a spawner publishes (returns, stores or sends)
// runs after the spawner has returned, whenever its holder calls it. If
// it captures a variable a goroutine of the spawner writes, and the
// goroutine may outlive the spawner, the two run side by side:
//
//	func RetryLater(d time.Duration, f func() error) func() error {
//		var lastErr error
//		time.AfterFunc(d, func() { lastErr = f() })
//		return func() error { return lastErr } // races
//	}
//
// Such a literal is compared with the goroutine as the spawner's own code
// after the go statement is, in the spawner's frame, through the
// variables both capture; the orderings the accesses carry (a close and a
// receive, an atomic flag) apply as anywhere. A literal the spawner only
// calls, or hands to a call, is its own code, as the dataflow analyses it.

// checkEscapingClosures compares each goroutine that may outlive its
// spawner with the function literals the spawner publishes that capture a
// variable the goroutine also captures.
func (c *checker) checkEscapingClosures(spawns []*spawn, found func(race)) {
	for _, sp := range spawns {
		if sp.parallelSubtest || len(sp.bindings) == 0 {
			continue
		}
		fn := sp.parent.fn
		var body []*epAccess
		for _, mc := range publishedClosures(fn, sp) {
			if body == nil {
				if !c.outlivesSpawner(sp) {
					break
				}
				body = c.frameAccesses(fn, sp.body)
			}
			lit := &spawn{instr: mc, callee: mc.Fn.(*ssa.Function), bindings: mc.Bindings, parent: sp.parent}
			accs := c.goAccesses(lit, nil, c.calleeSummary(lit.callee))
			line := c.pass.Fset.Position(lit.callee.Pos()).Line
			name := fmt.Sprintf("the func literal %s publishes (line %d)", c.funcName(fn), line)
			litAccs := c.frameAccesses(fn, accs)
			pairCheck(side{c.goName(sp), body}, side{name, litAccs}, false, nil, c.testApart(fn, nil, body, litAccs), found)
		}
	}
}

// publishedClosures returns the function literals of fn, other than the
// one sp runs, that share a captured variable with sp and that fn
// returns, stores outside its locals or sends.
func publishedClosures(fn *ssa.Function, sp *spawn) []*ssa.MakeClosure {
	var out []*ssa.MakeClosure
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn == sp.callee || !slices.ContainsFunc(mc.Bindings, func(v ssa.Value) bool { return slices.Contains(sp.bindings, v) }) {
				continue
			}
			if _, isFn := mc.Fn.(*ssa.Function); isFn && published(mc, 0) {
				out = append(out, mc)
			}
		}
	}
	return out
}
