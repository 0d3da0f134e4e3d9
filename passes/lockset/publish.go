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

// publishMark marks, in Access.Guards, a flag F that every path from the
// access to its function's return writes atomically, whether or not the
// access is a guarded initialisation: a goroutine runs its body once, so
// what it does before its last store of F precedes what another entry
// point does after reading F atomically, in either direction (a spawner
// that waits for the goroutine's done flag before it resets what the
// goroutine read):
//
//	func (t *Table) Build() { t.data = load(); t.ready.Store(true) }
//	func (t *Table) Lookup(k string) int {
//		if !t.ready.Load() { return 0 }
//		return t.data[k]
//	}
//	go t.Build() // quiet with a later t.Lookup(k)
//
// Only a goroutine's accesses keep the mark (canonAppend drops it for
// methods and handlers): a method may run again, writing what a reader
// that saw the flag reads, as Setter.Set in rules/publishedflag does.
const publishMark = "published"

// publishGuards returns the guards publishMark makes of the flags ps.
func publishGuards(ps []string) []string {
	out := make([]string, len(ps))
	for i, f := range ps {
		out[i] = observation(f, "") + obsSep + publishMark
	}
	return out
}

// publishOrdered reports whether the access a of a goroutine precedes its
// last store of a flag (publishMark) that the access b follows an atomic
// read of, on every path of its entry point.
func publishOrdered(a, b *epAccess) bool {
	if len(b.seen) == 0 {
		return false
	}
	for _, o := range a.guards {
		if hasMark(o, publishMark) {
			g, _ := splitObservation(o)
			if slices.Contains(b.seen, observation(g, "")) {
				return true
			}
		}
	}
	return false
}

// withoutPublished returns guards without their publishMark entries.
func withoutPublished(guards []string) []string {
	if !slices.ContainsFunc(guards, isPublished) {
		return guards
	}
	return slices.DeleteFunc(slices.Clone(guards), isPublished)
}

func isPublished(o string) bool { return hasMark(o, publishMark) }

// maxPublishDepth bounds the callees followed for their atomic writes.
const maxPublishDepth = 2

// publication is what a function writes atomically on every path, by
// the paths of the locations in its frame.
type publication struct {
	// after are the locations written atomically on every path from
	// just after an instruction to a return (mustAfter).
	after map[ssa.Instruction][]string
	// entry are those written on every path from the function's entry.
	entry []string
	// deferred are the defer statements of atomic writes, and what they
	// write: one that dominates an instruction writes at every return
	// after it.
	deferred map[*ssa.Defer][]string
}

// publishedAfter returns the locations that fn writes atomically on every
// path from just after instr to a return, in fn's frame, not local ones.
func (c *checker) publishedAfter(fn *ssa.Function, instr ssa.Instruction) []string {
	pub := c.publicationOf(fn, 0)
	if pub == nil {
		return nil
	}
	out := pub.after[instr]
	for d, ps := range pub.deferred {
		if dominates(d, instr) {
			out = union(out, ps)
		}
	}
	return nonLocal(out)
}

// dominates reports whether instruction a runs before b on every path.
func dominates(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab != bb {
		return ab.Dominates(bb)
	}
	return slices.Index(ab.Instrs, a) < slices.Index(ab.Instrs, b)
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

// computePublication is publicationOf, not memoised: the backward
// must-analysis of chanclose.go over the atomic writes of fn's
// instructions, a deferred one counted where its defer statement runs
// (it writes at every return after that).
func (c *checker) computePublication(fn *ssa.Function, depth int) *publication {
	ops := make(map[ssa.Instruction][]string)
	deferred := make(map[*ssa.Defer][]string)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var ps []string
			switch i := instr.(type) {
			case *ssa.Call:
				ps = c.atomicWrites(&i.Call, depth)
			case *ssa.Defer:
				// Made at every return after the defer statement.
				if ps = c.atomicWrites(&i.Call, depth); len(ps) > 0 {
					deferred[i] = ps
				}
			}
			if len(ps) > 0 {
				ops[instr] = ps
			}
		}
	}
	if len(ops) == 0 {
		return nil
	}
	after, entry := mustAfter(fn, ops, nil)
	return &publication{after: after, entry: entry, deferred: deferred}
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
	if body.Pkg == nil || body.Pkg.Pkg != c.pkg {
		return nil
	}
	pub := c.publicationOf(body, depth+1)
	if pub == nil {
		return nil
	}
	var out []string
	for _, p := range pub.entry {
		if q := c.rebase(p, call.Args, bindings); q != "" {
			out = union(out, []string{q})
		}
	}
	return out
}
