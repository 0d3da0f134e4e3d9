// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is lazyinit.go's converse, the closing flag:
//
//	func (r *Reader) start() {
//		r.mu.Lock()
//		defer r.mu.Unlock()
//		if r.closed {
//			return
//		}
//		r.cancel = … // written only while r.closed is false
//	}
//	func (r *Reader) Close() {
//		r.mu.Lock()
//		r.closed = true
//		r.mu.Unlock()
//		r.cancel() // after its own r.closed = true under r.mu
//	}
//
// A start either ran first, and its unlock happens before Close's lock,
// or it sees the flag and writes nothing. The writes are guarded by the
// flag with flagUnsetMark (writeGuards), the read has seen it set with
// flagSetMark (flagSet); initOrdered matches the two.

// flagTest returns, for a block ending in a test of a boolean field (if
// s.closed, if !s.closed), the field and the successor taken when it is
// false, if only b leads there; else "" and nil.
func (c *checker) flagTest(b *ssa.BasicBlock) (string, *ssa.BasicBlock) {
	i := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	cond, onFalse := i.Cond, 1
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, onFalse = u.X, 0
	}
	load, ok := cond.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return "", nil
	}
	g := c.locOf(load.X)
	succ := b.Succs[onFalse]
	if g == "" || isLocal(g) || len(succ.Preds) != 1 {
		return "", nil
	}
	return g, succ
}

// flaggedBy returns the boolean fields that are false wherever block b
// runs, by a test that dominates it (flagTest).
func (gs *initGuards) flaggedBy(b *ssa.BasicBlock) []string {
	var out []string
	for succ, gs := range gs.unset {
		if succ.Dominates(b) {
			out = union(out, gs)
		}
	}
	return out
}

// flagSet records in st that instr sets a boolean field to true holding
// locks for writing (s.closed = true): a write that tests of the field
// under the same lock see (initOrdered). The strict reading records
// nothing.
func (c *checker) flagSet(st *state, instr *ssa.Store) {
	if c.model.Strict || !ssaops.IsTrue(instr.Val) {
		return
	}
	g := c.locOf(instr.Addr)
	if g == "" || isLocal(g) || !c.guardNames[lastSel(g)] {
		return
	}
	var set []string
	for _, h := range st.held {
		if !h.Read {
			set = append(set, observation(g, h.Lock)+obsSep+flagSetMark)
		}
	}
	if callerHeld(st) {
		set = append(set, observation(g, callerLock)+obsSep+flagSetMark)
	}
	slices.Sort(set)
	st.seen = union(st.seen, set)
}

// flagSetMark and flagUnsetMark end an observation of a flag set to true,
// and a guard of a write made only while the flag was false.
const (
	flagSetMark   = "set"
	flagUnsetMark = "unset"
)
