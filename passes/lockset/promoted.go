// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
)

// An exported method that a shared type of the package gets from an
// embedded struct of the package is an entry point of the outer type too,
// as its own methods are: callers call it on the outer value, and what it
// does is named from the outer receiver,
//
//	type Base struct{ mu sync.Mutex; count int }
//	func (b *Base) Inc() { b.mu.Lock(); b.count++; b.mu.Unlock() }
//
//	type Derived struct{ Base; name string }
//	func (d *Derived) Count() int { return d.count } // races with d.Inc()
//
// The entry is the promotion wrapper the SSA builder makes, analysed like
// any function: it calls the embedded type's method on the embedded
// field. Without it, Count (an entry of Derived, whose embedded Base holds
// a lock) was compared only with Derived's own methods, and Base.Inc only
// with Base's: the race was missed.

// promotedEntries returns the entry points of the promoted methods of the
// package's types whose own exported methods are entry points (see
// entries): shared (declared, holding a lock or a token) or, with goOnly
// entries, shared with their goroutines.
func (c *checker) promotedEntries(shared, goShared map[*types.Named]bool) []*entry {
	var out []*entry
	scope := c.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || !embedsStruct(n) {
			continue
		}
		isShared := c.sharedType(n, shared)
		if !isShared && !goShared[n] || !shared[n] && c.hidden(n) {
			continue
		}
		mset := c.prog.MethodSets.MethodSet(types.NewPointer(n))
		for sel := range mset.Methods() {
			m, ok := sel.Obj().(*types.Func)
			if !ok || !m.Exported() || len(sel.Index()) < 2 || m.Pkg() != c.pkg {
				continue
			}
			fn := c.prog.MethodValue(sel)
			if fn == nil || fn.Blocks == nil {
				continue
			}
			// Named as the caller writes it: (*Derived).Inc.
			e := &entry{name: "(*" + n.Obj().Name() + ")." + m.Name(), fn: fn, pos: tn.Pos(), self: true, inferred: !shared[n]}
			if !isShared {
				e.goOnly, e.self = true, false
			}
			if !shared[n] {
				e.group = c.readerGroup(n, m)
			}
			out = append(out, e)
		}
	}
	return out
}

// embedsStruct reports whether n is a struct type with an embedded field,
// the only kind that promotes methods: the cheap test that spares every
// other type of the package a method set.
func embedsStruct(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Embedded() {
			return true
		}
	}
	return false
}
