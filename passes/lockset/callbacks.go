// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file orders the registration of a callback with the calls made
// after a test of it under the registration's lock (default reading
// only), nats-server's stores:
//
//	func (ms *memStore) RegisterStorageUpdates(cb StorageUpdateHandler) {
//		ms.mu.Lock()
//		ms.scb = cb
//		ms.mu.Unlock()
//	}
//	func (ms *memStore) removeMsg(seq uint64) { // ms.mu held
//		…
//		if ms.scb != nil {
//			ms.mu.Unlock() // no lock held while calling out
//			ms.scb(-1, -int64(size), seq, subj)
//			ms.mu.Lock()
//		}
//	}
//
// A field of function type that some function tests (guardFieldNames)
// and that every store of the package sets to a function is a callback:
// once set it stays set. A store sets a function when it stores one (a
// declared function, a literal, a method value, converted or not), or a
// parameter of a function that the package calls, statically or through
// an interface method of the same name, and that every such call passes
// a function: the package's own wiring (mset.store.RegisterStorageUpdates(
// mset.storeUpdates)), not a setter only the package's users call, with
// whatever they like (go-cache's OnEvicted, "set to nil to disable"). The
// package's tests call it as its users do: their calls are no wiring,
// though one that passes something else than a function still counts. A
// read of it made after its entry point read it under a lock L on every
// path (Access.Seen) is ordered with every write of it made holding L
// for writing: the test saw a value that a write under L stored, so that
// write came before, and only a later registration could race. Calling
// a callback outside the lock, after checking under it that one is
// registered, is how code avoids calling out with a lock held; a
// callback registered again while it runs is the trade (the strict
// reading reports it), and so are the calls of the package's users, who
// may register another callback, or nil, through an exported method.

// callbackOrdered reports whether the read r of a callback is ordered
// after the write w by a test of the callback under a lock w holds.
func callbackOrdered(w, r *epAccess) bool {
	if !w.write || r.write || !r.callback || len(r.seen) == 0 {
		return false
	}
	return slices.ContainsFunc(w.locks, func(l lockRef) bool { return !l.read && !l.cas && !l.once && seenUnder(r, l.key) })
}

// seenUnder reports whether r read its own location under lock (a key of
// lockRef, whose element selectors are partSel), on every path before
// it: an observation of Access.Seen without a mark.
func seenUnder(r *epAccess, lock string) bool {
	return slices.ContainsFunc(r.seen, func(o string) bool {
		g, l := splitObservation(o)
		return markOf(o) == "" && strings.ReplaceAll(l, allSel, partSel) == lock && strings.ReplaceAll(g, allSel, partSel) == r.key
	})
}

// callbackFields returns, among the names of fields of function type
// that some function of the package tests (tested), those that every
// store of them (stores, the package's stores of function-typed fields)
// sets to a function (see the file comment).
func (c *checker) callbackFields(tested map[string]bool, stores []*ssa.Store) map[string]bool {
	out := make(map[string]bool)
	if len(tested) == 0 {
		return out
	}
	calls := c.callIndex(c.srcFuncs)
	// passesFunction reports whether every call of fn in the package
	// passes a function for its parameter p, and one outside its tests
	// does.
	passesFunction := func(fn *ssa.Function, p *ssa.Parameter) bool {
		i := slices.Index(fn.Params, p)
		if i < 0 {
			return false
		}
		type arg struct {
			call  *ssa.CallCommon
			index int
			test  bool // in a _test.go file
		}
		var args []arg
		for _, call := range calls.direct[fn] {
			args = append(args, arg{call.Common(), i, c.inTestFile(call.Parent())})
		}
		for _, g := range calls.started[fn] {
			args = append(args, arg{g.Common(), i, c.inTestFile(g.Parent())})
		}
		if fn.Signature.Recv() != nil && i > 0 {
			for _, call := range calls.invoked[fn.Name()] {
				args = append(args, arg{call.Common(), i - 1, c.inTestFile(call.Parent())}) // Args leave out the receiver
			}
		}
		passes := func(a arg) bool { return a.index < len(a.call.Args) && isFunction(a.call.Args[a.index]) }
		wired := func(a arg) bool { return !a.test && passes(a) }
		return slices.ContainsFunc(args, wired) && !slices.ContainsFunc(args, func(a arg) bool { return !passes(a) })
	}
	bad := make(map[string]bool)
	for _, st := range stores {
		f := fieldName(st.Addr)
		if !tested[f] {
			continue
		}
		switch v := st.Val.(type) {
		case *ssa.Parameter:
			if !passesFunction(v.Parent(), v) {
				bad[f] = true
			}
		default:
			if !isFunction(v) {
				bad[f] = true
			}
		}
	}
	for f := range tested {
		if !bad[f] {
			out[f] = true
		}
	}
	return out
}

// isFunction reports whether v is a function that is not nil: a declared
// function, a literal or a method value, converted or not.
func isFunction(v ssa.Value) bool {
	switch ssaops.Unconverted(v).(type) {
	case *ssa.Function, *ssa.MakeClosure:
		return true
	}
	return false
}
