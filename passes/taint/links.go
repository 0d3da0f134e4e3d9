// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import "golang.org/x/tools/go/ssa"

// LinksFrom reports whether a call may make memory some of its operands
// reach (in h, before the call) reachable from another operand, or from
// package-level memory: some callee's summary links another port to a
// port whose memory reaches an object of objs. It reports true when some
// callee has no summary. A call that only reads or writes such memory in
// place keeps it where it was; one that links it elsewhere stores it, as
// an assignment does.
func (f *Flow) LinksFrom(call ssa.CallInstruction, h Heap, objs ObjSet) bool {
	c := call.Common()
	if _, builtin := c.Value.(*ssa.Builtin); builtin {
		return false
	}
	summarized, complete := f.calleeSummaries(c)
	if !complete {
		return true
	}
	for _, cs := range summarized {
		pv := f.portValues(c, cs.callee)
		for _, l := range cs.s.Links {
			if to := pv.at(l[1]); len(to) > 0 && f.Reach(h, to, nil).Intersects(objs) {
				return true
			}
		}
	}
	return false
}

// StoresInto reports whether a call may store into the memory its
// operand i points to (the receiver first for an interface method)
// memory that another operand, or package-level memory, reached before
// the call: some callee's summary links port i to another port. A
// callee without a summary stores nothing by default, as it links
// nothing (Result.unseen), and anything under -strict.
func (f *Flow) StoresInto(call ssa.CallInstruction, i int) bool {
	c := call.Common()
	if _, builtin := c.Value.(*ssa.Builtin); builtin {
		return false
	}
	summarized, complete := f.calleeSummaries(c)
	if !complete && f.sv.res.strict {
		return true
	}
	for _, cs := range summarized {
		for _, l := range cs.s.Links {
			if l[0] == i && l[1] != i {
				return true
			}
		}
	}
	return false
}
