// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file names the lock of a condition variable after the mutex it
// was made with:
//
//	q.cond = sync.NewCond(&q.mu)
//	…
//	q.cond.L.Lock() // the lock Put takes as q.mu.Lock()
//
// A field of type *sync.Cond that the package sets only to
// sync.NewCond(&x.m), m a field of the same object x, holds a Cond whose
// L is x.m: its lock path is the mutex's. Wait releases and takes the
// same lock again, which the pass need not follow: what runs before and
// after it holds the lock.

// condLockPath returns, for the locker v loaded from the L field of a
// condition variable held in a field (q.cond.L), the path of the mutex the
// package made every such condition variable with (q.mu); else "".
func (c *checker) condLockPath(v ssa.Value) string {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return ""
	}
	lfa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	if name, _ := ssaops.FieldName(lfa.X.Type(), lfa.Field); name != "L" || !isCondPtr(lfa.X.Type()) {
		return ""
	}
	cond, ok := lfa.X.(*ssa.UnOp)
	if !ok || cond.Op != token.MUL {
		return ""
	}
	cfa, ok := cond.X.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	f := ssaops.FieldVar(cfa)
	mu, ok := c.condMutexes()[f]
	if !ok {
		return ""
	}
	return extend(c.pathOfDepth(cfa.X, 0, true), "."+mu)
}

// isCondPtr reports whether t is *sync.Cond.
func isCondPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Cond"
}

// condMutexes returns the package's unexported *sync.Cond fields that are
// set only to sync.NewCond(&x.m), with m a field of the same object x,
// always the same m, by the name of m.
func (c *checker) condMutexes() map[*types.Var]string {
	if c.conds != nil {
		return c.conds
	}
	mus := make(map[*types.Var]string)
	bad := make(map[*types.Var]bool)
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if bad[f] || !isCondPtr(f.Type()) {
			return
		}
		for _, ref := range *fa.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			m := newCondMutex(st.Val, fa.X)
			if m == "" || mus[f] != "" && mus[f] != m {
				bad[f] = true
				return
			}
			mus[f] = m
		}
	})
	out := make(map[*types.Var]string)
	for f, m := range mus {
		if !bad[f] {
			out[f] = m
		}
	}
	c.conds = out
	return out
}

// newCondMutex returns the name of the field m when v is
// sync.NewCond(&x.m) for the object x; else "".
func newCondMutex(v, x ssa.Value) string {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return ""
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "sync" || fn.Name() != "NewCond" {
		return ""
	}
	arg := call.Call.Args[0]
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	fa, ok := arg.(*ssa.FieldAddr)
	if !ok || fa.X != x {
		return ""
	}
	name, _ := ssaops.FieldName(fa.X.Type(), fa.Field)
	return name
}
