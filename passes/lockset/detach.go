// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file keeps the lock of a detaching critical section on what it
// detached:
//
//	t.idleMu.Lock()
//	m := t.idleConn  // load the map under the lock…
//	t.idleConn = nil // …and replace it in the same critical section
//	t.idleMu.Unlock()
//	for _, conns := range m { … } // m is named t.idleConn, but no longer is it
//
// An access through a location P that holds t.idleMu either precedes the
// critical section that replaced P (the lock orders it before the
// detaching goroutine's later accesses) or follows it and reaches the new
// value of P, not m. So the accesses made through m, the detached object,
// do not race with accesses through P that hold the lock: they are
// recorded as holding it. Accesses through P without the lock, and
// accesses through other names of the object, are compared as before.
//
// The replacement must be a value that cannot be the detached object: nil,
// a constant, or memory allocated there (new, make, a composite literal).
// The load and the store must be in one block, the store after the load,
// so that whenever the load runs the detach follows; the locks are those
// held at both. Only accesses in the detaching function's own frame
// through the loaded value (m[k], range m, m.f, s[i]) keep the lock; a
// callee handed m sees an ordinary parameter.

// A detachPair is a load of a location and a later store, in the same
// block, of a fresh value into the same location.
type detachPair struct {
	load  *ssa.UnOp
	store *ssa.Store
}

// detachPairs returns the detachPairs of fn's blocks, found once per
// function: they do not depend on the locks, which detachedLoads follows
// in each analysis.
func (c *checker) detachPairs(fn *ssa.Function) [][]detachPair {
	if pairs, ok := c.detaches[fn]; ok {
		return pairs
	}
	var out [][]detachPair
	for _, b := range fn.Blocks {
		if !hasFreshStore(b) {
			continue
		}
		loads := make(map[string]*ssa.UnOp) // path → the latest load of it
		var pairs []detachPair
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.UnOp:
				if instr.Op == token.MUL {
					if p := c.locOf(instr.X); p != "" && !isLocal(p) {
						loads[p] = instr
					}
				}
			case *ssa.Store:
				if !freshValue(instr.Val) {
					break
				}
				if ld, ok := loads[c.locOf(instr.Addr)]; ok {
					pairs = append(pairs, detachPair{ld, instr})
				}
			}
		}
		if len(pairs) > 0 {
			if out == nil {
				out = make([][]detachPair, len(fn.Blocks))
			}
			out[b.Index] = pairs
		}
	}
	c.detaches[fn] = out
	return out
}

// detachedLoads returns, for the loads of fn that a later store of the
// same block detaches (detachPairs), the locks held at both; in are the
// settled entry states of fn's blocks.
func (c *checker) detachedLoads(fi *funcInfo, in []*state) map[ssa.Value]lockset {
	var out map[ssa.Value]lockset
	for i, pairs := range c.detachPairs(fi.fn) {
		if len(pairs) == 0 || in[i] == nil {
			continue
		}
		held := make(map[ssa.Instruction]lockset, 2*len(pairs))
		for _, p := range pairs {
			held[p.load], held[p.store] = nil, nil
		}
		st := in[i].clone()
		for _, instr := range fi.fn.Blocks[i].Instrs {
			if _, ok := held[instr]; ok {
				held[instr] = st.held
			}
			c.step(fi, st, instr, nil)
		}
		for _, p := range pairs {
			if h := held[p.load].meet(held[p.store]); len(h) > 0 {
				if out == nil {
					out = make(map[ssa.Value]lockset)
				}
				out[p.load] = h
			}
		}
	}
	return out
}

// hasFreshStore reports whether b stores a fresh value (freshValue), the
// cheap test before detachPairs looks for the loads it replaces.
func hasFreshStore(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if st, ok := instr.(*ssa.Store); ok && freshValue(st.Val) {
			return true
		}
	}
	return false
}

// freshValue reports whether v cannot be memory that existed before it
// was computed: a constant (nil, a zero value), or an allocation.
func freshValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const, *ssa.MakeMap, *ssa.MakeSlice, *ssa.MakeChan:
		return true
	case *ssa.Alloc:
		return v.Heap
	case *ssa.Slice:
		// make([]T, 0, 8) with constant sizes is a slice of a new array.
		a, ok := v.X.(*ssa.Alloc)
		return ok && a.Heap
	}
	return false
}

// detachedHeld returns the locks of the critical section that detached
// the object v is, or v addresses a part of (m.f, s[i]), or nil.
func (fi *funcInfo) detachedHeld(v ssa.Value) lockset {
	if fi.detached == nil {
		return nil
	}
	switch a := v.(type) {
	case *ssa.FieldAddr:
		v = a.X
	case *ssa.IndexAddr:
		v = a.X
	}
	return fi.detached[v]
}

// withDetached returns held with the locks of the critical section that
// detached v (detachedHeld) added.
func (fi *funcInfo) withDetached(held lockset, v ssa.Value) lockset {
	for _, h := range fi.detachedHeld(v) {
		held = held.add(h)
	}
	return held
}
