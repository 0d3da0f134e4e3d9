// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// A type whose fields the package accesses through sync/atomic expects
// its methods to run concurrently, as one that holds a lock does: its
// exported methods are entry points, inferred (their pairs still need the
// evidence of a synchronised access, pairs.go). So a plain read of a
// field that another method stores atomically is reported:
//
//	type Flag struct{ v int32 }
//
//	func (f *Flag) Set()        { atomic.StoreInt32(&f.v, 1) }
//	func (f *Flag) IsSet() bool { return f.v == 1 } // races with Set
//
// The evidence is a field of a sync/atomic type (atomic.Int32,
// atomic.Pointer[T]) or a sync/atomic function that writes (Store, Add,
// Swap, CompareAndSwap) called on a field's address, in the package's own
// code. Atomic loads alone are not: ristretto's z.Buffer loads its offset
// atomically for callers that ask its length, while its documentation
// gives Allocate, which writes it plainly, to one owner.

// A method of such a type runs beside another call of itself only if it
// writes atomically itself (a counter's Inc): an iterator whose Stop sets
// an atomic flag that its Next loads expects Stop beside Next, not two
// calls of Next (nats.go's ordered consumer). Default reading.

// accessedAtomically reports whether n, a type of the package, has a
// field of a sync/atomic type or one whose address the package passes to
// a sync/atomic function that writes.
func (c *checker) accessedAtomically(n *types.Named) bool {
	if c.atomicTypes == nil {
		c.atomicTypes = c.findAtomicTypes(c.srcFuncs)
	}
	return c.atomicTypes[n.Origin().Obj()]
}

// findAtomicTypes computes the types of accessedAtomically over funcs.
func (c *checker) findAtomicTypes(funcs []*ssa.Function) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	mark := func(t types.Type) {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == c.pkg {
			out[n.Origin().Obj()] = true
		}
	}
	scope := c.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if isAtomicType(f.Type()) {
					mark(tn.Type())
					break
				}
			}
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || len(call.Call.Args) == 0 {
					continue
				}
				callee, _ := call.Call.Value.(*ssa.Function)
				if callee == nil {
					continue
				}
				obj, _ := callee.Object().(*types.Func)
				if write, ok := model.AtomicAccess(obj); !ok || !write || obj.Signature().Recv() != nil {
					continue // an atomic load alone may guard a read beside one owner's writes
				}
				if fa, ok := call.Call.Args[0].(*ssa.FieldAddr); ok {
					mark(fa.X.Type())
				}
			}
		}
	}
	return out
}

// isAtomicType reports whether t is a named type of sync/atomic.
func isAtomicType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync/atomic"
}

// writesAtomically reports whether fn's own body makes an atomic write
// (a sync/atomic function or method that is not a Load).
func (c *checker) writesAtomically(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var obj *types.Func
			if call.Call.IsInvoke() {
				continue
			}
			if callee := call.Call.StaticCallee(); callee != nil {
				obj, _ = callee.Object().(*types.Func)
			}
			if write, ok := model.AtomicAccess(obj); ok && write {
				return true
			}
		}
	}
	return false
}
