// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file keeps a goroutine apart from the entry point whose call it
// runs within:
//
//	go func() { c.loop() }() // the entry point: c.loop's only caller
//
//	func (c *Conn) loop() {
//		for {
//			c.conn = dial()           // before the go statement…
//			var wg sync.WaitGroup
//			wg.Add(1)
//			go func() { defer wg.Done(); c.send(c.conn) }()
//			c.resend()                // …beside the goroutine…
//			wg.Wait()                 // …and after the join
//		}
//	}
//
// A goroutine its spawner joins before every return runs within each call
// of the spawner. When the spawner is a private function of the package
// with one call site (not started, not used as a value), in a function
// that is itself such a function or an entry point, and so on up, every
// instance of the goroutine runs within a call that entry point makes:
// what the entry point does before that call happens before the
// goroutine, what it does after comes after the join, and what it does
// inside the call, checkSpawns compares with the goroutine in the
// spawner's frame, where it sees the go statement and the join. The two
// are then not compared as entry points, which would take the spawner's
// writes before the go statement, or after the join of the last
// iteration, for concurrent ones. Default reading only.
//
// Another instance of the entry point, if it may run beside itself,
// runs beside the goroutine an earlier instance started: its accesses
// are still compared with the goroutine's, except those of memory each
// instance allocates for itself (epAccess.fresh).

// hostsOf returns, for a goroutine that sp starts and its spawner joins
// before returning, the functions each call of which contains every call
// of the spawner: its only caller, that function's only caller, and so
// on, as far as each is a private function with one call site.
func (c *checker) hostsOf(sp *spawn, calls *callIndex) []*ssa.Function {
	var out []*ssa.Function
	for f := sp.parent.fn; !slices.Contains(out, f); {
		if !calls.private(c.pkg, f) || calls.valued[f] || len(calls.started[f]) > 0 || len(calls.direct[f]) != 1 {
			break
		}
		f = calls.direct[f][0].Parent()
		out = append(out, f)
	}
	return out
}

// hosted reports whether the goroutine g runs within the call that the
// entry point e makes of g's spawner (hostsOf), and x, an access of e, is
// then ordered with g or compared with it in the spawner's frame: e does
// not run beside itself, or x is of memory each instance of e allocates.
func hosted(g, e *entry, x *epAccess) bool {
	if g.outlives || e.runs() == nil || !slices.Contains(g.hosts, e.runs()) {
		return false
	}
	return !compatible(e, e) || x.fresh
}
