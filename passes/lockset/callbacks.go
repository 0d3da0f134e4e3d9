// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"
	"strings"
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
// and no function sets to nil is a callback: once set it stays set. A
// read of it made after its entry point read it under a lock L on every
// path (Access.Seen) is ordered with every write of it made holding L
// for writing: the test saw a value that a write under L stored, so that
// write came before, and only a later registration could race. Calling
// a callback outside the lock, after checking under it that one is
// registered, is how code avoids calling out with a lock held; a
// callback registered again while it runs is the trade (the strict
// reading reports it), and so is a nil stored through a variable.

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
