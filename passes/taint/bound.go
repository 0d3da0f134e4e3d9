// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// sharedBound reports whether the closure mc is a method value (x.M, a
// bound method wrapper) whose receiver carries no ownership (Exempt: a
// value reaching no mutable memory, or memory shared by convention, such
// as an actor framework's PID). Such a closure holds only a copy of its
// receiver, taken once, and nothing can be stored into it later, so it is
// shared memory as its receiver is: handing `failed.Equal` to
// slices.IndexFunc, whose summary links the slice to the function it is
// given, makes the slice reach nothing that a transfer could take. A
// function literal is not such a closure: its bindings are its captured
// variables, which both sides may write.
func (f *Flow) sharedBound(mc *ssa.MakeClosure) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || !ssaops.IsBoundMethod(fn) {
		return false
	}
	for _, b := range mc.Bindings {
		if !f.Exempt(b.Type()) {
			return false
		}
	}
	return true
}
