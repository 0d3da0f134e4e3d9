// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// laterSlot reports whether instr, an access of the continuation of the
// go statement of sp in the spawner's own code, touches another
// goroutine's slot of a slice that a loop fills (model.LaterSlot).
func laterSlot(sp *spawn, instr ssa.Instruction) bool {
	return model.LaterSlot(sp.instr, sp.callee, sp.args, sp.bindings, instr)
}
