// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file follows a lock that a callee returns holding only when it
// succeeds:
//
//	func (c *Conn) grabConn() (*driverConn, releaseConn, error) {
//		if c.done.Load() {
//			return nil, nil, ErrConnDone
//		}
//		c.closemu.RLock()
//		return c.dc, c.releaseConnCache, nil
//	}
//	func (c *Conn) PingContext(ctx context.Context) error {
//		dc, release, err := c.grabConn(ctx)
//		if err != nil {
//			return err
//		}
//		return c.db.pingDC(ctx, dc, release) // holding c.closemu
//	}
//
// Met over all its returns, grabConn acquires nothing (Summary.Acquire),
// and the read of c.db looked unprotected. The locks held on every
// success return (returnsSuccess: a constant nil error), not held on
// entry, are the summary's AcquireIfNil, and the caller holds them on the
// branch where its test of the call's error against nil says it is nil
// (successCall), as lazyinit.go's SeenIfNil is followed. The error is an
// SSA value that nothing reassigns, so the branch is exactly the callee's
// nil returns: both readings.
//
// A bool result is a success in the same way, where it is true: a
// try-acquire helper returns true holding its lock (net's
// nsswitchConfig.tryAcquireSema, a token channel taken in a select with
// a default; a lockIfOpen that gives the lock back and returns false once
// closed), and the caller's if !c.tryAcquire() { return } holds it after.
// Every return of a bool that is not a constant false counts as a success
// return (a true the helper computes, return c.lenient, is one), so the
// branch holds only what every return that may give true holds. A bool
// that a TryLock returns as it is (return c.mu.TryLock()) holds nothing:
// TryLock acquires on the edge of a test, and there is none.

// An ifNil maps a call to what its caller gains on the branch where its
// own test of the call's result says the call succeeded (successCall):
// the callee's Summary.SeenIfNil, AcquireIfNil or ReceivedIfNil, in the
// caller's frame.
type ifNil[T any] map[*ssa.Call][]T

// set records v for call; an empty v gains nothing.
func (m *ifNil[T]) set(call *ssa.Call, v []T) {
	if len(v) == 0 {
		return
	}
	if *m == nil {
		*m = make(ifNil[T])
	}
	(*m)[call] = v
}

// edge returns what the i'th successor of the test ifi gains.
func (m ifNil[T]) edge(ifi *ssa.If, i int) []T {
	if len(m) == 0 {
		return nil
	}
	if call := successCall(ifi, i); call != nil {
		return m[call]
	}
	return nil
}

// recordAcquireIfNil rebases the callee's AcquireIfNil locks onto the
// caller's frame at the call ret, for the caller's nil-error branch.
func (c *checker) recordAcquireIfNil(fi *funcInfo, ret *ssa.Call, locks []Held, args, bindings []ssa.Value) {
	var out []Held
	for _, h := range locks {
		if l := c.rebaseLock(h.Lock, args, bindings); l != "" {
			out = append(out, Held{Lock: l, Read: h.Read})
		}
	}
	fi.acquireIfNil.set(ret, out)
}

// acquiredIfNil returns the locks the function holds, not held on
// entry, on every return of a nil error: Acquire and AcquireIfNil.
func (s *Summary) acquiredIfNil() lockset {
	out := lockset(slices.Clone(s.Acquire))
	for _, h := range s.AcquireIfNil {
		out = out.add(h)
	}
	return out
}

// onlyIfNil returns the locks of ifNil that acquire does not hold in the
// same mode or stronger: what the nil-error branch adds.
func onlyIfNil(ifNil lockset, acquire []Held) []Held {
	var out []Held
	for _, h := range ifNil {
		if j := lockset(acquire).find(h.Lock); j >= 0 && (h.Read || !acquire[j].Read) {
			continue
		}
		out = append(out, h)
	}
	return out
}
