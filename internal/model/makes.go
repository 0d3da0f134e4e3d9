// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import "golang.org/x/tools/go/ssa"

// MakesNew reports whether instr is a call of a Makes row: its result is
// new memory of the caller's alone, as an allocation's is.
func (m *Model) MakesNew(instr ssa.Instruction) bool { return m.callOf(instr, Makes) }

// CallOf reports whether instr is a call of a row of kind k.
func (m *Model) CallOf(instr ssa.Instruction, k Kind) bool { return m.callOf(instr, k) }

// callOf reports whether instr is a call of a row of kind k.
func (m *Model) callOf(instr ssa.Instruction, k Kind) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	rc, ok := m.Resolve(call.Common())
	if !ok {
		return false
	}
	_, found := rc.Row(k)
	return found
}
