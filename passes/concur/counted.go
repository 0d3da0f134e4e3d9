// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// countedWaitsOf finds the counted receive loops of fn (model.CountedWait):
//
//	for found := 0; found < n; {
//		select {
//		case <-timeout:
//			t.Fatalf(…)
//		case err := <-ch:
//			if err != nil { t.Fatalf(…) } else { found++ }
//		}
//	}
//
// The loop's header tests a counter against a parameter or a constant;
// the counter starts at a constant, and each back edge keeps it or adds
// one to it; every path of an iteration that adds one has received from
// the channel parameter (a receive, or the case of a select that
// received); and every path to a return leaves the loop through its test.
// Then fn has received at least n - start times when it returns. A call
// that does not return (t.Fatalf, runtime.Goexit) is not a way out; a
// deferred recover would be, so fn must have none. The parameter must
// only be received from: fn neither closes it, sends on it, nor hands it
// on.
func countedWaitsOf(fn *ssa.Function) []model.CountedWait {
	if len(fn.Blocks) == 0 || fn.Recover != nil {
		return nil
	}
	var out []model.CountedWait
	for _, h := range fn.Blocks {
		cw, ok := countedWaitAt(fn, h)
		if ok && !slices.Contains(out, cw) {
			out = append(out, cw)
		}
	}
	return out
}

// countedWaitAt recognises a counted receive loop headed by h.
func countedWaitAt(fn *ssa.Function, h *ssa.BasicBlock) (model.CountedWait, bool) {
	var none model.CountedWait
	if len(h.Instrs) == 0 || len(h.Succs) != 2 {
		return none, false
	}
	ifi, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If)
	if !ok {
		return none, false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.LSS {
		return none, false
	}
	phi, ok := cmp.X.(*ssa.Phi)
	if !ok || phi.Block() != h || len(phi.Edges) != len(h.Preds) {
		return none, false
	}
	if b, ok := phi.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return none, false
	}
	cw := model.CountedWait{Count: -1}
	switch y := cmp.Y.(type) {
	case *ssa.Parameter:
		cw.Count = slices.Index(fn.Params, y)
	case *ssa.Const:
		k, ok := model.ConstantInt(y)
		if !ok {
			return none, false
		}
		cw.Start = k
	default:
		return none, false
	}
	// The counter: a constant on entry, kept or incremented on each back edge.
	var start int64
	entered := false
	var incr []*ssa.BasicBlock // the back edges' sources that increment
	for i, p := range h.Preds {
		e := phi.Edges[i]
		if !h.Dominates(p) {
			k, ok := e.(*ssa.Const)
			if !ok {
				return none, false
			}
			v, ok := model.ConstantInt(k)
			if !ok || (entered && v != start) {
				return none, false
			}
			start, entered = v, true
			continue
		}
		if e == phi {
			continue
		}
		add, ok := e.(*ssa.BinOp)
		if !ok || add.Op != token.ADD || add.X != phi {
			return none, false
		}
		if !model.IsOne(add.Y) {
			return none, false
		}
		incr = append(incr, p)
	}
	if !entered || len(incr) == 0 {
		return none, false
	}
	if cw.Count >= 0 {
		cw.Start = start
	} else {
		cw.Start -= start
		if cw.Start <= 0 {
			return none, false
		}
	}
	// The loop: the blocks that reach a back edge's source without h.
	loop := map[*ssa.BasicBlock]bool{h: true}
	var work []*ssa.BasicBlock
	for _, p := range h.Preds {
		if h.Dominates(p) && !loop[p] {
			loop[p] = true
			work = append(work, p)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range b.Preds {
			if !loop[p] {
				loop[p] = true
				work = append(work, p)
			}
		}
	}
	exit := h.Succs[1]
	if loop[exit] || len(exit.Preds) != 1 {
		return none, false
	}
	// Every way out of fn leaves through the test.
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !exit.Dominates(b) {
			return none, false
		}
	}
	// The channel: a parameter only received from, in the loop.
	for k, prm := range fn.Params {
		if _, ok := prm.Type().Underlying().(*types.Chan); !ok || !ssaops.ReceivedOnly(prm) {
			continue
		}
		if receivesEachIncrement(h, loop, incr, prm) {
			cw.Chan = k
			return cw, true
		}
	}
	return none, false
}

// receivesEachIncrement reports whether every path from h's body to each
// block of incr, within loop, receives from ch: a must dataflow, the
// greatest fixpoint.
func receivesEachIncrement(h *ssa.BasicBlock, loop map[*ssa.BasicBlock]bool, incr []*ssa.BasicBlock, ch ssa.Value) bool {
	out := make(map[*ssa.BasicBlock]bool)
	for b := range loop {
		out[b] = b != h
	}
	recvIn := func(b *ssa.BasicBlock) bool {
		for _, instr := range b.Instrs {
			if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.ARROW && ssaops.Unconverted(u.X) == ch {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, b := range h.Parent().Blocks {
			if !loop[b] || b == h {
				continue
			}
			in := true
			for _, p := range b.Preds {
				if !loop[p] {
					continue // not reached from h without leaving the loop
				}
				v := out[p]
				if !v {
					if c := model.CaseReceive(p, b); c != nil && ssaops.Unconverted(c) == ch {
						v = true
					}
				}
				in = in && v
			}
			v := in || recvIn(b)
			if v != out[b] {
				out[b], changed = v, true
			}
		}
	}
	for _, p := range incr {
		if !out[p] {
			return false
		}
	}
	return true
}
