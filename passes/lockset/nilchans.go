// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file finds the edges of a function taken only once a channel is
// closed (closeJoins in chanorder.go makes them joins): the exit of a
// range over the channel, the !ok branch of a comma-ok receive from it,
// in a select case too, and the merge idiom's exit, which drops each
// channel from the select by setting its variable to nil once it is
// closed and leaves when every variable is nil:
//
//	for a != nil || b != nil {
//		select {
//		case v, ok := <-a:
//			if !ok {
//				a = nil
//				continue
//			}
//			…
//		case v, ok := <-b:
//			…
//		}
//	}
//
// A test that finds such a variable nil follows a close of its channel
// when the variable holds, besides nil, one channel only, and every nil
// it holds was set on a path through an !ok branch of a receive from it:
// a receive from a nil channel blocks for ever, so the branch ran on the
// channel, closed. A variable that may start nil, or that holds another
// channel, is no evidence.

// A closedEdge is a CFG edge taken only once ch, a channel, is closed.
type closedEdge struct {
	edge cfgEdge
	ch   ssa.Value
}

// closedEdgesOf returns the edges of fn taken only once a channel is
// closed, memoised: every goroutine fn starts asks.
func (c *checker) closedEdgesOf(fn *ssa.Function) []closedEdge {
	if out, ok := c.closedEdges[fn]; ok {
		return out
	}
	out := closedEdges(fn)
	if c.closedEdges == nil {
		c.closedEdges = make(map[*ssa.Function][]closedEdge)
	}
	c.closedEdges[fn] = out
	return out
}

// closedEdges returns the edges of fn taken only once a channel is closed.
func closedEdges(fn *ssa.Function) []closedEdge {
	var out []closedEdge
	closed := make(map[ssa.Value][]*ssa.BasicBlock) // a channel's !ok branches
	for _, b := range fn.Blocks {
		if ch := closedBranch(b); ch != nil {
			src := chanSource(ch)
			if src == nil {
				continue
			}
			out = append(out, closedEdge{cfgEdge{b, b.Succs[1]}, src})
			if len(b.Succs[1].Preds) == 1 {
				closed[src] = append(closed[src], b.Succs[1])
			}
		}
	}
	if len(closed) == 0 {
		return out
	}
	for _, b := range fn.Blocks {
		v, whenNil := nilTested(b)
		if v == nil {
			continue
		}
		if w := webOf(v); w.nilOnlyOnceClosed(closed[w.source()]) {
			out = append(out, closedEdge{cfgEdge{b, whenNil}, w.source()})
		}
	}
	return out
}

// closedBranch returns the channel b receives from when b ends by
// branching on the ok of a comma-ok receive (as a range over a channel
// does, or a select case), whose false successor runs only once the
// channel is closed.
func closedBranch(b *ssa.BasicBlock) ssa.Value {
	switch x := ssaops.OkTested(b).(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW && x.CommaOk {
			return x.X
		}
	case *ssa.Select:
		// The select's ok is that of the case whose body holds b: the
		// body's first block dominates b, and its one predecessor tests
		// the select's index.
		for d := b; d != nil; d = d.Idom() {
			if len(d.Preds) != 1 || d.Preds[0].Succs[0] != d {
				continue
			}
			if sel, j, ok := model.SelectCaseTest(d.Preds[0]); ok && sel == x {
				if st := x.States[j]; st.Dir == types.RecvOnly {
					return st.Chan
				}
				return nil
			}
		}
	}
	return nil
}

// nilTested returns the value b compares with nil as its last
// instruction, and the successor it takes when the value is nil; or nil.
func nilTested(b *ssa.BasicBlock) (ssa.Value, *ssa.BasicBlock) {
	cmp, ok := ssaops.IfCond(b).(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil, nil
	}
	v := cmp.X
	if !isNilConst(cmp.Y) {
		if !isNilConst(cmp.X) {
			return nil, nil
		}
		v = cmp.Y
	}
	if _, ok := v.Type().Underlying().(*types.Chan); !ok {
		return nil, nil
	}
	if cmp.Op == token.EQL {
		return v, b.Succs[0]
	}
	return v, b.Succs[1]
}

// isNilConst reports whether v is the constant nil.
func isNilConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

// A phiWeb is what flows into a value through φ-nodes and conversions:
// the values other than nil, and the blocks from which a nil comes.
type phiWeb struct {
	leaves []ssa.Value
	nilsBy []*ssa.BasicBlock
}

// webOf returns the web of v.
func webOf(v ssa.Value) *phiWeb {
	w := &phiWeb{}
	seen := make(map[ssa.Value]bool)
	var walk func(ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for i, e := range x.Edges {
				if isNilConst(e) {
					w.nilsBy = append(w.nilsBy, x.Block().Preds[i])
				} else {
					walk(e)
				}
			}
		case *ssa.ChangeType:
			walk(x.X)
		default:
			w.leaves = append(w.leaves, v)
		}
	}
	walk(v)
	return w
}

// chanSource returns the one channel v holds when it is not nil: v
// itself, unless v is a φ-node (webOf).
func chanSource(v ssa.Value) ssa.Value {
	if _, ok := v.(*ssa.Phi); !ok {
		return v
	}
	return webOf(v).source()
}

// source returns the one value other than nil in w, or nil if there is
// none or more than one.
func (w *phiWeb) source() ssa.Value {
	if len(w.leaves) != 1 {
		return nil
	}
	return w.leaves[0]
}

// nilOnlyOnceClosed reports whether every nil in w comes along an edge
// from a block that one of the !ok branches in closed dominates, and the
// one other value is not nil itself (a channel the function makes, not a
// parameter, which may be nil).
func (w *phiWeb) nilOnlyOnceClosed(closed []*ssa.BasicBlock) bool {
	if len(closed) == 0 || w.source() == nil {
		return false
	}
	for _, b := range w.nilsBy {
		if !dominatedByAny(b, closed) {
			return false
		}
	}
	switch x := w.source().(type) {
	case *ssa.MakeChan:
		return true
	case *ssa.UnOp:
		// A channel loaded from a variable the function's own make
		// was stored into, once (c := make(chan T); d := c).
		return x.Op == token.MUL && madeOnceInto(x.X)
	}
	return false
}

// dominatedByAny reports whether one of bs dominates b.
func dominatedByAny(b *ssa.BasicBlock, bs []*ssa.BasicBlock) bool {
	for _, d := range bs {
		if d.Dominates(b) {
			return true
		}
	}
	return false
}

// madeOnceInto reports whether addr is a local variable whose only store
// is of a channel the function makes, before any load: a variable a
// closure captures (the closer goroutine's close(ch)) is such an
// allocation.
func madeOnceInto(addr ssa.Value) bool {
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return false
	}
	var store *ssa.Store
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || store != nil {
				return false
			}
			if _, ok := r.Val.(*ssa.MakeChan); !ok {
				return false
			}
			store = r
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return false
		}
	}
	if store == nil {
		return false
	}
	for _, r := range *alloc.Referrers() {
		if load, ok := r.(*ssa.UnOp); ok && !ssaops.Precedes(store, load) {
			return false
		}
	}
	return true
}
