// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file orders a lazy initialisation published by an atomic flag with
// the reads that test the flag first, double-checked locking whose inner
// test is of the value rather than the flag:
//
//	func (c *Cache) Get(k string) int {
//		if atomic.LoadUint32(&c.ready) == 1 { // the flag, read atomically
//			return c.table[k]
//		}
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		if c.table == nil { // the guard, read under c.mu
//			c.table = build()               // a guarded write …
//			atomic.StoreUint32(&c.ready, 1) // … then published
//		}
//		return c.table[k]
//	}
//
// A write guarded by a lazy initialisation's test (lazyinit.go), after
// which every path to the function's return writes a location F
// atomically (directly, in a deferred call, or in a callee of the package
// that does so on every path), is guarded by F too, as seen atomically:
// a read made after its entry point read F atomically follows it, by the
// memory model's ordering of an atomic store before the load that
// observes it. The guard is what makes it an initialisation: a setter that
// writes and publishes again on every call (c.table = t; c.ready.Store(1))
// is not guarded, and its writes still race with readers that saw the
// flag. Like lazyinit.go, this is the default reading's: the flag's test
// is not interpreted.

// maxPublishDepth bounds the callees followed for their atomic writes.
const maxPublishDepth = 2

// publication is what a function writes atomically on every path.
type publication struct {
	// at are the locations an instruction writes atomically, in the
	// function's frame: an atomic store, a deferred one, or a call of a
	// function that writes them on every path.
	at map[ssa.Instruction][]string
	// after are, by block index, the locations written atomically on
	// every path from the block's end to a return (nil: a return, or
	// no path; see top).
	after [][]string
	// top marks the blocks from whose end no path returns (they panic,
	// or loop forever): every location, for an intersection.
	top []bool
	// defers are the Defer instructions among at.
	defers []*ssa.Defer
}

// publishedAfter returns the locations that fn writes atomically on every
// path from instr to its return, in fn's frame, not local ones.
func (c *checker) publishedAfter(fn *ssa.Function, instr ssa.Instruction) []string {
	pub := c.publicationOf(fn, 0)
	b := instr.Block()
	if pub == nil || b == nil || b.Parent() != fn {
		return nil
	}
	var out []string
	if pub.top[b.Index] {
		return nil // no return after instr: nothing to publish to
	}
	out = append(out, pub.after[b.Index]...)
	i := slices.Index(b.Instrs, instr)
	for _, later := range b.Instrs[i+1:] {
		out = union(out, pub.at[later])
	}
	for _, d := range pub.defers {
		// A deferred store registered before instr runs at the return.
		if db := d.Block(); db == b && slices.Index(b.Instrs, ssa.Instruction(d)) < i || db != b && db.Dominates(b) {
			out = union(out, pub.at[d])
		}
	}
	out = slices.DeleteFunc(out, isLocal)
	return sortedSet(out)
}

// publicationOf returns fn's publication, memoised; nil if fn writes
// nothing atomically, or depth is past maxPublishDepth.
func (c *checker) publicationOf(fn *ssa.Function, depth int) *publication {
	if fn == nil || depth > maxPublishDepth || c.model.Strict {
		return nil
	}
	if pub, ok := c.publications[fn]; ok {
		return pub
	}
	if c.publications == nil {
		c.publications = make(map[*ssa.Function]*publication)
	}
	c.publications[fn] = nil // a recursive call publishes nothing
	pub := c.computePublication(fn, depth)
	c.publications[fn] = pub
	return pub
}

// computePublication is publicationOf, not memoised.
func (c *checker) computePublication(fn *ssa.Function, depth int) *publication {
	if len(fn.Blocks) == 0 {
		return nil
	}
	pub := &publication{at: make(map[ssa.Instruction][]string)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var call *ssa.CallCommon
			switch i := instr.(type) {
			case *ssa.Call:
				call = &i.Call
			case *ssa.Defer:
				call = &i.Call
			default:
				continue
			}
			if ps := c.atomicWrites(call, depth); len(ps) > 0 {
				pub.at[instr] = ps
				if d, ok := instr.(*ssa.Defer); ok {
					pub.defers = append(pub.defers, d)
				}
			}
		}
	}
	if len(pub.at) == 0 {
		return nil
	}
	n := len(fn.Blocks)
	pub.after, pub.top = make([][]string, n), make([]bool, n)
	for _, b := range fn.Blocks {
		pub.top[b.Index] = len(b.Succs) > 0 // unknown yet: the meet's identity
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic); ok {
				pub.top[b.Index] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			if len(b.Succs) == 0 {
				continue
			}
			var meet []string
			top := true
			for _, s := range b.Succs {
				if pub.top[s.Index] {
					continue
				}
				from := pub.after[s.Index]
				for _, instr := range s.Instrs {
					from = union(from, pub.at[instr])
				}
				if top {
					meet, top = from, false
				} else {
					meet = intersect(meet, from)
				}
			}
			if top != pub.top[b.Index] || !slices.Equal(meet, pub.after[b.Index]) {
				pub.top[b.Index], pub.after[b.Index] = top, meet
				changed = true
			}
		}
	}
	return pub
}

// atomicWrites returns the locations call writes atomically on every path,
// in the caller's frame: the operand of an atomic store (or add, swap, or,
// compare-and-swap), or what a static callee of the package writes so
// from its entry on every path.
func (c *checker) atomicWrites(call *ssa.CallCommon, depth int) []string {
	callee, bindings := staticCallee(call)
	if callee == nil {
		return nil
	}
	if obj, ok := callee.Object().(*types.Func); ok {
		if write, ok := model.AtomicAccess(obj); ok {
			if write && len(call.Args) > 0 {
				if p := c.locOf(call.Args[0]); p != "" {
					return []string{p}
				}
			}
			return nil
		}
	}
	body := bodyOf(callee)
	if body.Pkg == nil || body.Pkg.Pkg != c.pkg || len(body.Blocks) == 0 {
		return nil
	}
	pub := c.publicationOf(body, depth+1)
	if pub == nil || pub.top[0] {
		return nil
	}
	inner := pub.after[0]
	for _, instr := range body.Blocks[0].Instrs {
		inner = union(inner, pub.at[instr])
	}
	var out []string
	for _, p := range inner {
		if q := c.rebase(p, call.Args, bindings); q != "" {
			out = union(out, []string{q})
		}
	}
	return out
}
