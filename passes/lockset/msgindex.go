// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file tells apart the elements a pool of workers writes at an index
// each job carries:
//
//	for range workers {
//		go func() {
//			for j := range jobs {
//				out[j.Index] = len(j.Text) // one element per job
//			}
//		}()
//	}
//	for i, t := range texts {
//		jobs <- Job{Index: i, Text: t} // i: a fresh index per send
//	}
//
// An index read from a field of a message received from a channel is
// per instance (perInstanceIndex) when every send on the channel sends a
// message whose field is the counter of the loop around the send, once
// per iteration: no two messages carry the same index, so no two
// instances write one element. The channel must be made by the function
// that starts the workers and used there only to send (such messages),
// close, or hand to function literals that only receive from it.

// messageIndex reports whether the index v, a field of a message
// received from a channel in a function literal, is distinct per message.
func (c *checker) messageIndex(v ssa.Value) bool {
	var msg ssa.Value
	var field int
	switch v := v.(type) {
	case *ssa.Field: // a message sent by value: j.Index
		msg, field = v.X, v.Field
	case *ssa.UnOp: // by pointer: (*j).Index
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || v.Op != token.MUL {
			return false
		}
		msg, field = fa.X, fa.Field
	default:
		return false
	}
	if local, ok := msg.(*ssa.Alloc); ok && !local.Heap {
		msg = ssaops.StoredOnce(local) // for j := range jobs copies j to a local
	}
	if ex, ok := msg.(*ssa.Extract); ok && ex.Index == 0 {
		msg = ex.Tuple
	}
	recv, ok := msg.(*ssa.UnOp)
	if !ok || recv.Op != token.ARROW {
		return false
	}
	m := c.madeInSpawner(recv.X)
	if m == nil {
		return false
	}
	return c.sendsDistinct(m, field)
}

// madeInSpawner returns the make of the channel ch, a variable a function
// literal captures, when its enclosing function makes it once (a value,
// or a variable stored only that make) and hands it to literals that only
// receive from it.
func (c *checker) madeInSpawner(ch ssa.Value) *ssa.MakeChan {
	if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
		ch = load.X // a captured cell
	}
	fv, ok := ch.(*ssa.FreeVar)
	if !ok {
		return nil
	}
	lit := fv.Parent()
	parent := lit.Parent()
	if parent == nil {
		return nil
	}
	idx := -1
	for i, f := range lit.FreeVars {
		if f == fv {
			idx = i
		}
	}
	var binding ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == lit {
				if binding != nil && binding != mc.Bindings[idx] {
					return nil
				}
				binding = mc.Bindings[idx]
			}
		}
	}
	if binding == nil {
		return nil
	}
	if m, ok := binding.(*ssa.MakeChan); ok {
		return m
	}
	cell, ok := binding.(*ssa.Alloc)
	if !ok {
		return nil
	}
	made, _ := ssaops.StoredOnce(cell).(*ssa.MakeChan)
	return made
}

// sendsDistinct reports whether every use of the channel m (or of the
// variable it is stored in) is a close, a hand-off to a function literal
// that only receives from it, or a send of a message whose field is the
// counter of the loop around the send, sent once per iteration.
func (c *checker) sendsDistinct(m *ssa.MakeChan, field int) bool {
	sends := 0
	ok := true
	var check func(v ssa.Value)
	check = func(v ssa.Value) {
		for _, ref := range *v.Referrers() {
			if !ok {
				return
			}
			switch r := ref.(type) {
			case *ssa.Send:
				ok = r.Chan == v && r.X != v && c.freshIndexSent(r, field)
				sends++
			case *ssa.Store: // into the captured cell
				if cell, isCell := r.Addr.(*ssa.Alloc); isCell && r.Val == v {
					for _, cr := range *cell.Referrers() {
						switch cr := cr.(type) {
						case *ssa.UnOp:
							if cr.Op == token.MUL {
								check(cr)
							}
						case *ssa.MakeClosure:
							ok = ok && onlyReceives(cr, cell)
						}
					}
					continue
				}
				ok = false
			case *ssa.MakeClosure:
				ok = onlyReceives(r, v)
			case *ssa.Call:
				b, builtin := r.Call.Value.(*ssa.Builtin)
				ok = builtin && b.Name() == "close"
			case *ssa.DebugRef:
			default:
				ok = false
			}
		}
	}
	check(m)
	return ok && sends > 0
}

// onlyReceives reports whether the function literal mc makes uses its
// binding v only to receive from (directly, or through the cell v).
func onlyReceives(mc *ssa.MakeClosure, v ssa.Value) bool {
	lit := mc.Fn.(*ssa.Function)
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		fv := lit.FreeVars[i]
		for _, ref := range *fv.Referrers() {
			switch r := ref.(type) {
			case *ssa.UnOp:
				switch r.Op {
				case token.ARROW:
				case token.MUL: // a cell: its loads only received from
					for _, lr := range *r.Referrers() {
						if u, ok := lr.(*ssa.UnOp); !ok || u.Op != token.ARROW {
							if _, dbg := lr.(*ssa.DebugRef); !dbg {
								return false
							}
						}
					}
				default:
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// freshIndexSent reports whether the send s sends a message (a struct
// value or a new object) whose field is the counter of a loop around s,
// and s runs once per iteration of that loop.
func (c *checker) freshIndexSent(s *ssa.Send, field int) bool {
	obj := s.X
	if load, ok := obj.(*ssa.UnOp); ok && load.Op == token.MUL {
		obj = load.X // a composite literal built in a local
	}
	alloc, ok := obj.(*ssa.Alloc)
	if !ok {
		return false
	}
	var val ssa.Value
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
				if val != nil {
					return false
				}
				val = st.Val
			}
		}
	}
	phi := counterPhi(val)
	if phi == nil {
		return false
	}
	h := phi.Block()
	return h.Dominates(s.Block()) && c.sameCycle(h, s.Block()) && !cycleAvoiding(s.Block(), h)
}

// cycleAvoiding reports whether b lies on a cycle that does not pass
// through h: an inner loop, which runs b several times per trip of h's.
func cycleAvoiding(b, h *ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if s != h && ssaops.ReachesWithout(s, b, h) {
			return true
		}
	}
	return false
}
