// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file lets a caller that knows where an actor framework delivers a
// message widen confinement (confined.go) to actor programs: a send whose
// message the framework hands only to handlers of the package's own
// actors moves nothing across the package's boundary, since those
// handlers are code of the package, whose own boundary crossings the
// check judges, and whose messages (results of the framework's calls,
// coming from outside) bring in a *target only if kept
// (onlyAssertedUnkept). Which sends those are, the strict reading's
// closed actor sides know (givesup.Result.DeliversInPackage); this
// package does not depend on them.

// Delivers reports whether the send call hands its message only to code
// of the package being analysed: a handler of one of its actors.
type Delivers func(call ssa.CallInstruction) bool

// MayBeWrittenAnywhereWith is MayBeWrittenAnywhere, with the sends that
// delivers accepts taken as handing their messages to the package's own
// code: a struct whose objects reach no other code but through such
// sends is confined too. The memo of confinement keeps one answer for
// every Delivers: a Result serves one pass that passes one.
func (r *Result) MayBeWrittenAnywhereWith(t types.Type, i int, delivers Delivers) bool {
	n, _ := namedStruct(t)
	return r.mayBeWrittenAnywhere(t, i, n != nil && r.confinedWith(n, delivers))
}

// onlyDelivered reports whether the interface value mi is only the
// argument of sends that deliver it to the package's own handlers.
func (b *boundary) onlyDelivered(mi *ssa.MakeInterface) bool {
	if b.delivers == nil {
		return false
	}
	for _, ref := range *mi.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			if r.Common().Value == mi || !b.delivers(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
