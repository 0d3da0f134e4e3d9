// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file names a lock that a function of the package returns: a
// getter of a lock field, or of a stripe of a lock array, whose caller
// locks what it gets,
//
//	func (c *Conn) readLock() *sync.Mutex { return &c.rmu }
//
//	mu := c.readLock()
//	mu.Lock() // c.rmu
//
// The lock is the path the callee returns, rebased onto the call's
// arguments, when every return of the callee gives the same path, rooted
// at a parameter, a captured variable or a global (a result set on some
// paths only is a φ of it and nil; both readings: without
// it the caller held a lock nobody else names, and its accesses raced
// with those under the field's name).

// maxLockResultDepth bounds the chain of getters followed.
const maxLockResultDepth = 4

// returnedLock returns the lock that v, a call of a function of the
// package that returns a lock (or the extraction of such a result),
// names in the caller, or "".
func (c *checker) returnedLock(v ssa.Value) string {
	if !model.IsLock(v.Type()) {
		return ""
	}
	return c.getterResult(v, true)
}

// getterResult returns, for v, a call of a function of the package (or
// the extraction of one of its results), the path that the result holds
// at every return of the callee (lockResult), rebased onto the call's
// arguments (rebaseMode, for a lock if lock), or "". Rebasing names the
// arguments, which may be getters' results in turn (f(f(x))): getterDepth
// bounds that.
func (c *checker) getterResult(v ssa.Value, lock bool) string {
	call, i := callResult(v)
	if call == nil || c.getterDepth >= maxLockResultDepth {
		return ""
	}
	callee, bindings := staticCallee(call.Common())
	if callee == nil || callee.Blocks == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pkg {
		return ""
	}
	p := c.lockResult(callee, i)
	if p == "" {
		return ""
	}
	c.getterDepth++
	defer func() { c.getterDepth-- }()
	return c.rebaseMode(p, call.Call.Args, bindings, lock)
}

// callResult returns the call v is the result of, and the result's
// index, or nil.
func callResult(v ssa.Value) (*ssa.Call, int) {
	switch v := v.(type) {
	case *ssa.Call:
		return v, 0
	case *ssa.Extract:
		call, _ := v.Tuple.(*ssa.Call)
		return call, v.Index
	}
	return nil, 0
}

// lockResultKey keys the memo of lockResult.
type lockResultKey struct {
	fn *ssa.Function
	i  int
}

// lockResult returns the path, in fn's own terms, that result i of fn
// holds at every return, or "" when the returns differ or a path is not
// rooted at a parameter, a captured variable or a global.
func (c *checker) lockResult(fn *ssa.Function, i int) string {
	key := lockResultKey{fn, i}
	if p, ok := c.lockResults[key]; ok && c.pathMemo != nil {
		return p
	}
	if len(c.lockResultsBusy) >= maxLockResultDepth || c.lockResultsBusy[key] {
		return ""
	}
	if c.lockResultsBusy == nil {
		c.lockResultsBusy = make(map[lockResultKey]bool)
	}
	c.lockResultsBusy[key] = true
	p := c.computeLockResult(fn, i)
	delete(c.lockResultsBusy, key)
	if c.pathMemo != nil {
		// Paths are final once pathOfDepth memoises them (lockset.go).
		if c.lockResults == nil {
			c.lockResults = make(map[lockResultKey]string)
		}
		c.lockResults[key] = p
	}
	return p
}

func (c *checker) computeLockResult(fn *ssa.Function, i int) string {
	var p string
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		for _, v := range resultValues(ret.Results[i]) {
			if k, ok := v.(*ssa.Const); ok && k.IsNil() {
				continue // an error path: the caller locks nothing
			}
			q := c.pathOfDepth(v, 0, false)
			if q == "" || p != "" && q != p {
				return ""
			}
			p = q
		}
	}
	if root, _ := splitPath(p); len(root) < 2 || root[0] != 'p' && root[0] != 'f' && root[0] != 'g' || root[1] != ':' {
		return ""
	}
	return p
}

// resultValues returns the values v may be: the edges of a φ (a result
// variable set on some paths, lock = &c.rlock before a break, nil on the
// others), or the values stored into the result's variable that a
// function with deferred calls returns (return c.items stores c.items
// into the result's cell before the deferred calls run, then loads it),
// recursively, else v.
func resultValues(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		if phi, ok := v.(*ssa.Phi); ok && len(seen) < 32 {
			for _, e := range phi.Edges {
				walk(e)
			}
			return
		}
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && len(seen) < 32 {
			if _, local := load.X.(*ssa.Alloc); local {
				if vals, ok := ssaops.CellContents(load.X); ok && len(vals) > 0 {
					for _, x := range vals {
						walk(x)
					}
					return
				}
			}
		}
		out = append(out, v)
	}
	walk(v)
	return out
}
