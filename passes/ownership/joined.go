// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// This file lets a function keep what it hands to goroutines it waits
// for, the worker idiom:
//
//	for _, m := range s.members {
//		wg.Add(1)
//		go func(m *member) { defer wg.Done(); m.shutdown() }(m)
//	}
//	wg.Wait()
//
// Condition 1 forbids keeping given memory reachable from state that
// outlives the function (s.members) because the next handler, or the
// next call, reads that state while the goroutine may still run. When
// every path from the transfer to a return waits for the goroutine
// (givesup.Joiner.JoinedBeforeExit: wg.Wait, g.Wait, a receive from its
// done channel), and the function it runs gives nothing up in turn (a
// goroutine it starts could outlive the join), the goroutine has ended
// before anyone can reach the memory through that state. Condition 3,
// uses between the transfer and the join, is checked as before.

// joinedBeforeExit reports whether the goroutines started at p end before
// the function returns and hand nothing on.
func (c *checker) joinedBeforeExit(fl *taint.Flow, h taint.Heap, p transfer.Point) bool {
	if p.Kind != transfer.Go && !p.Spawns {
		return false
	}
	started := startedFuncs(p)
	if len(started) == 0 {
		return false
	}
	for _, fn := range started {
		if g := c.gu.Of(fn); g == nil || len(g.Ports) > 0 {
			return false
		}
	}
	return c.gu.Joiner(fl, h, p).JoinedBeforeExit(p)
}

// startedFuncs returns the functions the goroutines started at p run, or
// nil if one of them is not known: a go statement's static callee or
// function literal, or the function values a spawning call is given.
func startedFuncs(p transfer.Point) []*ssa.Function {
	var values []ssa.Value
	if g, ok := p.Instr.(*ssa.Go); ok {
		if g.Call.IsInvoke() {
			return nil
		}
		values = []ssa.Value{g.Call.Value}
	} else {
		values = p.Given
	}
	var out []*ssa.Function
	for _, v := range values {
		switch v := v.(type) {
		case *ssa.Function:
			out = append(out, v)
		case *ssa.MakeClosure:
			out = append(out, v.Fn.(*ssa.Function))
		default:
			return nil
		}
	}
	return out
}
