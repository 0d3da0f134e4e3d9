// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import "golang.org/x/tools/go/ssa"

// MakesNew reports whether instr is a call of a Makes row: its result is
// new memory of the caller's alone, as an allocation's is.
func (m *Model) MakesNew(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	rc, ok := m.Resolve(call.Common())
	if !ok {
		return false
	}
	_, makes := rc.Row(Makes)
	return makes
}
