// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file refines the heap on the branch of a nil test of a location:
// where the location was just found nil, it points to nothing.
//
//	if a.report != nil {
//		a.reports = append(a.reports, a.report)
//		a.report = nil
//	}
//	c.Send(a.client, a.reports) // a.report holds nothing on either path
//
// Without it, the branch that skips the body keeps everything a.report
// may hold on entry, which the join gives the send's path too, so the
// sent reports stayed reachable from a.report. The refinement is a strong
// update, so it is made only where one is sound: the tested value is a
// load of one location of an object that stands for one concrete object,
// and nothing between the load and the test may write memory.

// nilOnEdge returns the location that the test ending block p found nil
// on its edge to b, if p ends in such a test (see the file comment).
func (f *Flow) nilOnEdge(p, b *ssa.BasicBlock) (Loc, bool) {
	cmp, ok := ssaops.IfCond(p).(*ssa.BinOp)
	if !ok || p.Succs[0] == p.Succs[1] {
		return Loc{}, false
	}
	cond := p.Instrs[len(p.Instrs)-1]
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return Loc{}, false
	}
	nilSucc := p.Succs[0] // the value is nil where == holds
	if cmp.Op == token.NEQ {
		nilSucc = p.Succs[1]
	}
	if b != nilSucc {
		return Loc{}, false
	}
	v := cmp.X
	if isNilConst(v) {
		v = cmp.Y
	} else if !isNilConst(cmp.Y) {
		return Loc{}, false
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() != p || !f.sv.tracked(load.Type()) {
		return Loc{}, false
	}
	addrs := f.val(load.X)
	if len(addrs) != 1 || !f.objs[addrs[0].Obj].Single || !strongKey(addrs[0].Key) {
		return Loc{}, false
	}
	if mayWriteBetween(load, cond) {
		return Loc{}, false
	}
	return addrs[0], true
}

// isNilConst reports whether v is the constant nil.
func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// mayWriteBetween reports whether an instruction of from's block after from
// and before to may write memory or wait for another goroutine, which
// may write it.
func mayWriteBetween(from, to ssa.Instruction) bool {
	after := false
	for _, instr := range from.Block().Instrs {
		switch {
		case instr == to:
			return false
		case instr == from:
			after = true
			continue
		case !after:
			continue
		}
		switch instr := instr.(type) {
		case *ssa.Store, *ssa.Call, *ssa.MapUpdate, *ssa.Send, *ssa.Go, *ssa.Defer, *ssa.Select, *ssa.RunDefers, *ssa.Panic:
			return true
		case *ssa.UnOp:
			if instr.Op == token.ARROW {
				return true
			}
		}
	}
	return true
}
