// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file compares a goroutine that runs an inferred entry point with
// that entry point as the entry point with itself:
//
//	func New() *Metrics { m := &Metrics{}; go m.collectStats(); return m }
//	func (m *Metrics) collectStats() {
//		for range time.Tick(d) {
//			m.EmitRuntimeStats() // the goroutine's job
//		}
//	}
//	func (m *Metrics) EmitRuntimeStats() { … m.lastNumGC = n … }
//
// The goroutine's accesses made inside its call of EmitRuntimeStats are
// that method's. Paired with an outside call of the same method, they
// are two calls of one method of a type nothing declares shared (an
// inferred entry point), which by default race only on the evidence that
// two inferred entries need: an access of either synchronised as the
// type's own (expectsShared). A method that synchronises in its own body
// (an atomic flag, the type's lock: a Close that swaps closed to 1
// first) expects to run beside itself, and is compared as before, as are
// the accesses the goroutine makes outside that call and those of other
// entry points. The package must call the method only from the
// goroutine's function (tests aside): a method the package also calls
// elsewhere is its owner's too, and runs beside the goroutine
// (protoactor's CancelReceiveTimeout, which both the timer callback and
// the actor's own message handling call).

// runsEntry reports whether x, an access of the goroutine g, is made
// inside g's call of the function of e, an inferred entry point that is
// not itself a goroutine, does not synchronise in its own body, and that
// the package calls only from g's function.
func runsEntry(g, e *entry, x *epAccess) bool {
	// soleCaller is set only on inferred entry points that are not
	// goroutines and do not synchronise in their own body.
	if g.spawner == nil || e.soleCaller == nil || e.soleCaller != g.callee {
		return false
	}
	for c := x.calls; c != nil; c = c.next {
		if c.callee == e.name {
			return true
		}
	}
	return false
}

// synchronizesItself reports whether e's function makes, in its own
// body, an access synchronised as its object's own (expectsShared).
func synchronizesItself(e *entry) bool {
	return slices.ContainsFunc(e.accs, func(x *epAccess) bool { return x.fn == e.name && expectsShared(x) })
}

// soleCaller returns the function that makes every call of fn outside
// the package's _test.go files, when there is one and fn is neither used
// as a value, started, nor reachable through an interface; else nil.
func (c *checker) soleCaller(fn *ssa.Function, calls *callIndex) *ssa.Function {
	if calls.valued[fn] || len(calls.started[fn]) > 0 || len(calls.invoked[fn.Name()]) > 0 && fn.Signature.Recv() != nil {
		return nil
	}
	var caller *ssa.Function
	for _, call := range calls.direct[fn] {
		if !inPackageCode(c.pass.Fset, call.Pos()) {
			continue
		}
		if caller != nil && caller != call.Parent() {
			return nil
		}
		caller = call.Parent()
	}
	return caller
}
