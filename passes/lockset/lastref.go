// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file treats the code that runs after dropping the last reference
// to a reference-counted object as the object's only user, in the default
// reading (golang.org/x/net/trace's eventLog):
//
//	func (el *eventLog) unref() {
//		if atomic.AddInt32(&el.refs, -1) == 0 {
//			freeEventLog(el) // el.reset(): el.Start = time.Time{}, …
//		}
//	}
//
// Atomic operations are sequentially consistent in Go's memory model: the
// decrement that brings the count to zero observes every earlier one, and
// each holder touched the object before it dropped its reference. So what
// the branch where the count reached zero does to the object follows all
// that the other holders did to it. An access a holder makes after it
// dropped its reference (a Printf after Finish) breaks the counting
// contract, and is the trade: the default reading does not pair such a
// branch's accesses to the object with other entry points', the strict
// reading keeps every pair. Goroutines the branch starts do not hold it.
//
// A counter qualifies when its field's name says it counts references
// (refs, refCount, nrefs, references): a count of running goroutines
// brought to zero by the last of them (countdown.go) orders only the
// code behind its channel, and what the last one writes may still race
// with a reader that never counted itself in.

// lastRefPrefix marks the pseudo-lock held where a reference count
// reached zero; the rest is the counter's location.
const lastRefPrefix = "lastref "

// lastRefEdge returns the pseudo-lock held on edge i of the If ifi when
// its condition compares an atomic decrement of a reference count with
// zero and edge i is the one where the count reached zero
// (if atomic.AddInt32(&x.refs, -1) == 0 {…}, or x.refs.Add(-1) != 0 with
// the else edge); "" otherwise, and always in the strict reading.
func (c *checker) lastRefEdge(ifi *ssa.If, i int) string {
	if c.model.Strict {
		return ""
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || (cmp.Op == token.EQL) != (i == 0) {
		return ""
	}
	dec := cmp.X
	if !isZero(cmp.Y) {
		dec = cmp.Y
		if !isZero(cmp.X) {
			return ""
		}
	}
	call, ok := dec.(*ssa.Call)
	if !ok || !decrementsAtomically(&call.Call) {
		return ""
	}
	fa, ok := call.Call.Args[0].(*ssa.FieldAddr)
	if !ok || !countsReferences(fa) {
		return ""
	}
	if p := c.pathOf(fa); p != "" {
		return lastRefPrefix + p
	}
	return ""
}

// countsReferences reports whether the field fa addresses is named as a
// reference count.
func countsReferences(fa *ssa.FieldAddr) bool {
	f := ssaops.FieldVar(fa)
	return f != nil && strings.Contains(strings.ToLower(f.Name()), "ref")
}

// ownedAtZero reports whether the access of the location loc, made
// holding lock (both paths of fn's frame), is made where a reference
// count reached zero, on the object that holds that count: the counter's
// location without its last selector is the start of loc, and what
// follows crosses no pointer or other reference but in its last selector
// (el.events, el.buf[0], not el.owner.count).
func (c *checker) ownedAtZero(fn *ssa.Function, loc, lock string) bool {
	prefix, counter := pseudoPrefix(lock)
	if prefix != lastRefPrefix {
		return false
	}
	croot, csel := splitPath(counter)
	root, sel := splitPath(loc)
	cs, as := selectors(csel), selectors(sel)
	if croot != root || len(cs) == 0 || len(as) < len(cs) || !slices.Equal(cs[:len(cs)-1], as[:len(cs)-1]) {
		return false
	}
	t := c.rootType(fn, root)
	for i, s := range as[:len(as)-1] {
		if t = selectedType(t, s); t == nil || i >= len(cs)-1 && isReference(t) {
			return false
		}
	}
	return t != nil
}
