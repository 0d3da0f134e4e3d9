// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// poppedFront reports, by default, whether the last edge of a condition-1
// path is an element of a queue that fn pops from the front before the
// transfer: x := q[0] and q = q[1:] on the same access path (a field,
// an element of a field), with the store dominating the transfer. A
// slice's start never moves back, and append writes only past its end, so
// the element popped is no longer reachable through q; the heap analysis,
// which gives a slice's elements one place, cannot tell it from those
// that remain.
func (c *checker) poppedFront(fn *ssa.Function, fl *taint.Flow, path []step, at ssa.Instruction) bool {
	if c.strict || len(path) == 0 || path[len(path)-1].key != "[]" {
		return false
	}
	last := path[len(path)-1]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !ssaops.Precedes(st, at) {
				continue
			}
			sl, ok := st.Val.(*ssa.Slice)
			if !ok || sl.High != nil || sl.Max != nil || !positiveConst(sl.Low) {
				continue
			}
			q, ok := sl.X.(*ssa.UnOp)
			if !ok || q.Op != token.MUL || !sameAddr(q.X, st.Addr) || !locsHitObj(fl.Locs(q), last.from) {
				continue
			}
			if c.frontLoaded(fn, fl, st.Addr, last.to) {
				return true
			}
		}
	}
	return false
}

// reachesOnlyPopped reports, by default, whether the other operand v of
// a transfer reaches the given value g only through a queue the function
// popped g from (c.perform(next) after next := c.queue[0] and
// c.queue = c.queue[1:]): the first path from each object v points to is
// through the popped element.
func (c *checker) reachesOnlyPopped(fl *taint.Flow, h taint.Heap, v ssa.Value, g givenValue, at ssa.Instruction) bool {
	if c.strict {
		return false
	}
	found := false
	for _, l := range fl.Locs(v) {
		path, hit := findPath(fl, h, l.Obj, []givenValue{g}, nil)
		if hit == nil {
			continue
		}
		if !c.poppedFront(at.Parent(), fl, path, at) {
			return false
		}
		found = true
	}
	return found
}

// frontLoaded reports whether fn loads element 0 of the slice at addr
// (by the same access path) and the element reaches obj.
func (c *checker) frontLoaded(fn *ssa.Function, fl *taint.Flow, addr ssa.Value, obj taint.ObjID) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ld, ok := instr.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				continue
			}
			ia, ok := ld.X.(*ssa.IndexAddr)
			if !ok || !zeroConst(ia.Index) {
				continue
			}
			q, ok := ia.X.(*ssa.UnOp)
			if ok && q.Op == token.MUL && sameAddr(q.X, addr) && locsHitObj(fl.Locs(ld), obj) {
				return true
			}
		}
	}
	return false
}

// sameAddr reports whether two addresses name the same access path in one
// function: the same value, or the same field or element (at the same
// index value or constant) of the same access path.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.FieldAddr:
		b, ok := b.(*ssa.FieldAddr)
		return ok && a.Field == b.Field && sameAddr(a.X, b.X)
	case *ssa.IndexAddr:
		b, ok := b.(*ssa.IndexAddr)
		return ok && sameIndex(a.Index, b.Index) && sameAddr(a.X, b.X)
	case *ssa.UnOp:
		b, ok := b.(*ssa.UnOp)
		return ok && a.Op == token.MUL && b.Op == token.MUL && sameAddr(a.X, b.X)
	}
	return false
}

func sameIndex(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && constant.Compare(ca.Value, token.EQL, cb.Value)
}

func zeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
}

func positiveConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) > 0
}
