// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file names the channels a callee closes or receives from through
// a helper struct its caller allocates around a shared object:
//
//	func (cc *ClientConn) readLoop() {
//		rl := &readLoop{cc: cc}
//		defer rl.cleanup() // closes rl.cc.readerDone on every path
//		cc.readerErr = rl.run()
//	}
//
// The callee's path p0.cc.readerDone rebases onto the local allocation,
// which no other entry point can name, so the close ordered nothing and
// net/http's http2 read loop's last write raced with Ping's read after
// <-cc.readerDone. When the helper's field is set once in the package,
// at the composite literal that allocates it, and its address is used
// otherwise only to load it, the field holds the caller's value for as
// long as the helper lives: the path is the caller's cc.readerDone.
// Locks are named so too (rebaseLock): a transaction that locks its
// database, tx := &Tx{db: db}; tx.lock(), takes db.mu. Only orderings
// (channels closed, received from, locks) are named so; what a callee
// reads and writes through the helper is still the caller's local memory
// (a recall gap, not a source of reports).

// rebaseThroughHelper rebases the callee-frame channel or (lock) lock path
// p whose root is a parameter or free variable bound to a helper
// allocation of the caller (args, bindings), through the helper's set-once
// field (helperField) or, for a lock in the default reading, the value its
// literal stored (literalField); "" if p is not such a path.
func (c *checker) rebaseThroughHelper(p string, args, bindings []ssa.Value, lock bool) string {
	prefix, q := pseudoPrefix(p)
	root, sel := splitPath(q)
	a, ok := rootValue(root, args, bindings).(*ssa.Alloc)
	if !ok || !a.Heap {
		return ""
	}
	name, rest, ok := firstField(sel)
	if !ok {
		return ""
	}
	v := c.helperField(a, name)
	if v == nil && lock && !c.model.Strict {
		v = literalField(a, name)
	}
	if v == nil {
		return ""
	}
	base := c.pathOf(v)
	if base == "" || isLocal(base) || depth(base)+depth(root+rest) > maxDepth {
		return ""
	}
	return c.join(prefix, base, rest)
}

// firstField splits a selector chain that starts with a field, ".cc.done",
// into the field's name and the rest.
func firstField(sel string) (name, rest string, ok bool) {
	if !strings.HasPrefix(sel, ".") {
		return "", "", false
	}
	end := len(sel)
	for j := 1; j < len(sel); j++ {
		if sel[j] == '.' || sel[j] == '[' || sel[j] == '*' {
			end = j
			break
		}
	}
	return sel[1:end], sel[end:], end > 1
}

// helperField returns the value stored into the field name of the helper
// allocation a at its composite literal, if that is the field's only
// store in the package (onceStoredFields) and it is made in a's block
// before anything else uses a.
func (c *checker) helperField(a *ssa.Alloc, name string) ssa.Value {
	st := literalFieldStore(a, name)
	if st == nil || c.onceStoredFields()[ssaops.FieldVar(st.Addr.(*ssa.FieldAddr))] != st {
		return nil
	}
	return st.Val
}

// literalField returns the value stored into the field name of the helper
// allocation a at its composite literal, when the function stores into
// that field of a nowhere else. The default reading names the locks a
// callee takes through the helper so even when other code of the package
// sets the field again (a test that swaps a transaction's database): that
// the field still holds the literal's value when the lock is taken is
// assumed, as for a lock reached through a field in any frame
// (capturedOnce).
func literalField(a *ssa.Alloc, name string) ssa.Value {
	if st := literalFieldStore(a, name); st != nil {
		return st.Val
	}
	return nil
}

// literalFieldStore returns the store into the field name of a that a's
// composite literal makes, when the function stores into that field of a
// nowhere else; nil otherwise.
func literalFieldStore(a *ssa.Alloc, name string) *ssa.Store {
	var st *ssa.Store
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if f := ssaops.FieldVar(fa); f == nil || f.Name() != name {
			continue
		}
		for _, r := range *fa.Referrers() {
			if s, ok := r.(*ssa.Store); ok {
				if st != nil || s.Addr != fa {
					return nil
				}
				st = s
			}
		}
	}
	if st == nil || st.Block() != a.Block() || !literalStore(a, st) {
		return nil
	}
	return st
}

// literalStore reports whether every use of a before st, in a's block,
// is the address of a field of a (the stores of a composite literal).
func literalStore(a *ssa.Alloc, st *ssa.Store) bool {
	started := false
	for _, instr := range a.Block().Instrs {
		if instr == a {
			started = true
			continue
		}
		if !started {
			continue
		}
		if instr == st {
			return true
		}
		for _, op := range instr.Operands(nil) {
			if *op != a {
				continue
			}
			if _, ok := instr.(*ssa.FieldAddr); !ok {
				return false
			}
		}
	}
	return false
}

// onceStoredFields returns the unexported fields of the package's own
// types that the package stores into exactly once, with that store, when
// every other use of their addresses loads them: nothing can set such a
// field again after the store.
func (c *checker) onceStoredFields() map[*types.Var]*ssa.Store {
	if c.helperFields != nil {
		return c.helperFields
	}
	stores := make(map[*types.Var]*ssa.Store)
	bad := make(map[*types.Var]bool)
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if bad[f] {
			return
		}
		for _, ref := range *fa.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr != fa || stores[f] != nil {
					bad[f] = true
					return
				}
				stores[f] = r
			case *ssa.UnOp:
				if r.Op != token.MUL {
					bad[f] = true
					return
				}
			case *ssa.DebugRef:
			default:
				bad[f] = true
				return
			}
		}
	})
	c.helperFields = withoutKeys(stores, bad)
	return c.helperFields
}
