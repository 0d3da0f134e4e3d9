// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file reads the idiom that takes an object out of a linked
// structure, as taken (paths.go) reads the one that takes an entry out of
// a map:
//
//	mu.Lock()
//	pkt := q.tail     // the object the field points to
//	q.tail = pkt.next // unlinked: the field now names another
//	mu.Unlock()
//	use(pkt.buf)      // no longer q.tail.buf
//	pkt.reset()       // nor in a callee
//
// The function that loads the pointer and then, before any other use of
// it, stores into the same field a value that is not fresh (a link of the
// loaded object, or another existing object) unlinks the object from that
// field: the path q.tail no longer names it once the store is made, so
// what the function and its callees do through pkt is not an access of
// q.tail's object, and two callers that each unlink one do not share it.
// The default reading names such an object by nothing shared; the strict
// reading keeps the field's name. A fresh replacement (nil, a new
// allocation) is detach.go's case, which keeps the detaching section's
// lock on the accesses of the function's own frame instead. What the rule
// trades: an object still reachable from another field of the holder
// after the unlink (a doubly linked list's other end) is named by neither
// path here.

// unlinked reports whether load, a load of a pointer to a struct from a
// field, is followed in its function by a store into the same field of
// the same object (the same value, or, where the holder is itself
// loaded, one with the same access path) that unlinks the loaded object
// (unlinkingStore). The package's stores into the field come from its
// field index (fieldFacts).
func (c *checker) unlinked(load *ssa.UnOp, d int) bool {
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !pointsToStruct(load.Type()) {
		return false
	}
	f := ssaops.FieldVar(fa)
	if f == nil {
		return false
	}
	for _, st := range c.fieldStores[f] {
		if st.instr.Parent() == load.Parent() && c.unlinkingStore(load, st.instr) && c.sameHolder(fa, st.fa, d) {
			return true
		}
	}
	return false
}

// unlinkingStore reports whether st, a store into the field load read,
// comes after load (in its block, or in a block load's dominates), before
// every use of load that reaches its object, and stores a value that is
// neither load itself nor fresh (detach.go).
func (c *checker) unlinkingStore(load *ssa.UnOp, st *ssa.Store) bool {
	return ssaops.Precedes(load, st) && usedAfter(load, st) && st.Val != ssa.Value(load) && !freshValue(st.Val)
}

// usedAfter reports whether every use of load that may reach its object
// comes after st: the uses before it may only compare the pointer
// (pkt == nil) or read the field whose value st stores (pkt.next).
func usedAfter(load *ssa.UnOp, st *ssa.Store) bool {
	for _, ref := range *load.Referrers() {
		if ref == st || ssaops.Precedes(st, ref) {
			continue
		}
		switch ref := ref.(type) {
		case *ssa.BinOp, *ssa.DebugRef:
			continue // a comparison, or a debug build's note
		case *ssa.FieldAddr:
			if v, ok := st.Val.(*ssa.UnOp); ok && v.X == ref {
				continue // the link st stores
			}
		}
		return false
	}
	return true
}

// pointsToStruct reports whether t is a pointer to a struct.
func pointsToStruct(t types.Type) bool {
	p, ok := ssaops.CoreType(t).(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}
