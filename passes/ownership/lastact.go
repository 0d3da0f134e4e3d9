// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/transfer"
)

// transfersLast reports whether every transfer point of fn is the last
// thing fn does on every path from it (only jumps and returns of no
// value follow), and, for a call that gives up in turn, whether its callee
// does the same: fn then cannot use any other operand after giving up an
// argument, which is what condition 2 guards against. The send helper of
// a machine, func (h *Host) send(ev any) { h.inbox <- ev }, is the common
// case: a message that names its sender (ReqExcl{From: c}) is handed to
// c.host.send, whose receiver the message reaches.
func (c *checker) transfersLast(fn *ssa.Function, seen map[*ssa.Function]bool) bool {
	if fn == nil || len(fn.Blocks) == 0 || seen[fn] {
		return false
	}
	seen[fn] = true
	pts := c.gu.Points(fn)
	if len(pts) == 0 {
		return false
	}
	for _, p := range pts {
		switch p.Kind {
		case transfer.Send, transfer.Call, transfer.Go:
		case transfer.GivesUp:
			if !c.transfersLast(p.Callee, seen) {
				return false
			}
		default:
			return false
		}
		if !nothingAfter(p.Instr) {
			return false
		}
	}
	return true
}

// nothingAfter reports whether only jumps, debug references and returns
// of no value follow instr on every path.
func nothingAfter(instr ssa.Instruction) bool {
	b := instr.Block()
	if b == nil {
		return false
	}
	rest := b.Instrs
	for i, in := range rest {
		if in == instr {
			rest = rest[i+1:]
			break
		}
	}
	seen := make(map[*ssa.BasicBlock]bool)
	for {
		for _, in := range rest {
			switch in := in.(type) {
			case *ssa.DebugRef, *ssa.Jump:
			case *ssa.Return:
				return len(in.Results) == 0
			default:
				return false
			}
		}
		// Only a jump ends a block that gets here.
		if len(b.Succs) != 1 || seen[b.Succs[0]] {
			return false
		}
		b = b.Succs[0]
		seen[b] = true
		rest = b.Instrs
	}
}
