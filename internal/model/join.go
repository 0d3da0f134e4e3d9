// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// IsJoin reports whether instr waits for a goroutine, given which values
// are related to it (reach memory the goroutine was given, or its
// group). This is the one join rule of the suite:
//
//   - a receive from a related channel;
//   - a blocking select all of whose cases are receives from related
//     channels (a select with a timeout, a default or another channel
//     does not wait on every path);
//   - a call of a Join row (wg.Wait, errgroup's Wait) on a related
//     receiver.
//
// The passes differ only in how they decide relatedness: the ownership
// passes by heap reachability, lockset by access paths.
func (m *Model) IsJoin(instr ssa.Instruction, related func(ssa.Value) bool) bool {
	switch i := instr.(type) {
	case *ssa.UnOp:
		return i.Op == token.ARROW && related(i.X)
	case *ssa.Select:
		if !i.Blocking || len(i.States) == 0 {
			return false
		}
		for _, st := range i.States {
			if st.Dir != types.RecvOnly || !related(st.Chan) {
				return false
			}
		}
		return true
	case *ssa.Call:
		call, ok := m.Resolve(i.Common())
		if !ok || call.Recv == nil {
			return false
		}
		_, join := call.Row(Join)
		return join && related(call.Recv)
	}
	return false
}
