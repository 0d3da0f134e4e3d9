// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file orders by a done flag set atomically, the wait group of code
// that spins instead of blocking:
//
//	func (p *pool) purge() {
//		defer atomic.StoreInt32(&p.purgeDone, 1) // set as the goroutine's last act
//		ctx := p.purgeCtx                        // read
//		…
//	}
//	func (p *pool) Reboot() {
//		for atomic.LoadInt32(&p.purgeDone) != 1 { runtime.Gosched() }
//		p.purgeCtx, p.stop = context.WithCancel(…) // written after the wait
//		…
//	}
//
// A load that observes the value an atomic store wrote is synchronised
// after that store (the Go memory model: atomics are sequentially
// consistent), so an access followed on every path by an atomic store of 1
// (or true) into a flag is ordered before an access that follows, on every
// path, a branch where an atomic load of the same flag returned 1 (or
// true). The store is a close of the flag and the branch a receive from
// it (chanclose.go), named with setPrefix. Only 1 and true count, the
// value of a flag that says "done". Like channel orderings, the strict
// reading does not use it: another store of 1 into the flag could be the
// one observed.

// setPrefix marks, in Access.Before and After, a flag an atomic store set
// to 1 or true.
const setPrefix = "set "

// doneFlagSet returns the mark of call if it stores 1 or true into a location
// atomically; else "".
func (c *checker) doneFlagSet(call *ssa.CallCommon) string {
	obj := atomicCallee(call)
	if obj == nil || !model.AtomicStore(obj) || len(call.Args) < 2 || !isOne(call.Args[1]) {
		return ""
	}
	if p := c.locOf(call.Args[0]); p != "" {
		return setPrefix + p
	}
	return ""
}

// doneFlagSeenEdge returns the mark of the flag that the i'th edge out of ifi
// has seen set: the branch where an atomic load of it returned 1 or true
// (load == 1, load != 1 on its false edge, a Bool's Load()); else "".
func (c *checker) doneFlagSeenEdge(ifi *ssa.If, i int) string {
	if c.model.Strict {
		return ""
	}
	cond, onTrue := ifi.Cond, true
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, onTrue = u.X, false
	}
	var load ssa.Value
	switch v := cond.(type) {
	case *ssa.Call:
		load = v // atomic.Bool's Load()
	case *ssa.BinOp:
		if v.Op != token.EQL && v.Op != token.NEQ {
			return ""
		}
		switch {
		case isOne(v.Y):
			load = v.X
		case isOne(v.X):
			load = v.Y
		default:
			return ""
		}
		if v.Op == token.NEQ {
			onTrue = !onTrue
		}
	default:
		return ""
	}
	call, ok := load.(*ssa.Call)
	if !ok || (i == 0) != onTrue {
		return ""
	}
	obj := atomicCallee(&call.Call)
	if obj == nil || !model.AtomicLoad(obj) || len(call.Call.Args) < 1 {
		return ""
	}
	if _, isBool := cond.(*ssa.Call); isBool && !isBoolType(call.Type()) {
		return ""
	}
	if p := c.locOf(call.Call.Args[0]); p != "" {
		return setPrefix + p
	}
	return ""
}

// atomicCallee returns the function of package sync/atomic call calls
// statically, or nil.
func atomicCallee(call *ssa.CallCommon) *types.Func {
	fn := call.StaticCallee()
	if fn == nil {
		return nil
	}
	obj, _ := fn.Object().(*types.Func)
	if _, ok := model.AtomicAccess(obj); !ok {
		return nil
	}
	return obj
}

// isOne reports whether v is the constant 1 or true.
func isOne(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	switch k.Value.Kind() {
	case constant.Bool:
		return constant.BoolVal(k.Value)
	case constant.Int:
		n, exact := constant.Int64Val(k.Value)
		return exact && n == 1
	}
	return false
}

// isBoolType reports whether t is bool.
func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
