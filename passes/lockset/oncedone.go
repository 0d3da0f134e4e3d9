// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"
	"strings"
)

// This file orders what a sync.Once runs before what follows any call of
// the same Once's Do:
//
//	func (conf *nsswitchConfig) init() {
//		conf.lastChecked = time.Now() // inside initOnce.Do
//	}
//	func (conf *nsswitchConfig) tryUpdate() {
//		conf.initOnce.Do(conf.init)
//		…
//		conf.lastChecked = now // after Do returned
//
// No call of Do returns before the function the Once runs has returned
// (the sync.Once contract), so an access that its entry point makes after
// a call of o.Do, on every path, is ordered after every access made in
// the function o.Do runs, writes included. The call of Do is recorded as
// an observation of the Once (onceDone) in the state's Seen set, which
// summaries carry to callers as lazy initialisation's guards are
// (lazyinit.go), on every path only. Both readings: this is the Once's
// own semantics; the assumption is the lockset's usual one, that one
// path names one Once.

// onceDone returns the observation that Do was called on the Once whose
// pseudo-lock (oncePrefix and the Once's path) is lock.
func onceDone(lock string) string { return observation(lock, "") }

// onceOrdered reports whether the access in was made by a function a
// Once ran and the access after follows, on every path of its entry
// point, a call of the same Once's Do.
func onceOrdered(in, after *epAccess) bool {
	if len(after.seen) == 0 {
		return false
	}
	for _, l := range in.locks {
		// A lock's key names an element as the lock does (epAccess).
		if l.once && slices.ContainsFunc(after.seen, func(o string) bool {
			return strings.ReplaceAll(o, allSel, partSel) == onceDone(l.key)
		}) {
			return true
		}
	}
	return false
}
