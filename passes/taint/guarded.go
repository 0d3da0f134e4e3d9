// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// maxHeld bounds the count of locks the guarded dataflow tracks, so that
// a loop that acquires without releasing still settles.
const maxHeld = 4

// guardedBlocks returns, for each block of fn, how many locks are held on
// every path to its entry (at least; a lock released on one path counts
// as released), with the entry block starting from the locks fn's doc
// comment says its caller holds.
//
// By default a write made while a lock is held is not evidence of an
// ownership race: the other side's accesses may take the same lock, and
// whether they do is the lockset pass's question, which sees both sides'
// locks. The strict reading counts every write.
func guardedBlocks(m *model.Model, fn *ssa.Function) []int {
	in := make([]int, len(fn.Blocks))
	for i := range in {
		in[i] = maxHeld + 1 // not reached yet: the identity of min
	}
	if len(fn.Blocks) == 0 {
		return in
	}
	in[0] = 0
	if decl, ok := fn.Syntax().(*ast.FuncDecl); ok && decl.Doc != nil && len(model.HeldOnEntry(decl.Doc.Text())) > 0 {
		in[0] = 1
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			if in[b.Index] > maxHeld {
				continue
			}
			out := heldAfter(m, b, in[b.Index], nil)
			for _, s := range b.Succs {
				// A select case that takes a token channel's token
				// holds it in its body.
				_, k := m.TokenCase(b, s)
				if edge := lockStep(k, out); edge < in[s.Index] {
					in[s.Index] = edge
					changed = true
				}
			}
		}
	}
	return in
}

// heldAfter returns how many locks are held after block b when held are
// held at its entry. It calls visit, when not nil, with each instruction
// and the count held before it.
func heldAfter(m *model.Model, b *ssa.BasicBlock, held int, visit func(ssa.Instruction, int)) int {
	for _, instr := range b.Instrs {
		if visit != nil {
			visit(instr, held)
		}
		var k model.Kind
		switch instr := instr.(type) {
		case *ssa.Call:
			rc, ok := m.Resolve(instr.Common())
			if !ok {
				continue
			}
			k = m.LockKindOf(rc)
		case *ssa.Send:
			_, k = m.TokenOp(instr.Chan, true) // a channel used as a lock
		case *ssa.UnOp:
			if instr.Op == token.ARROW {
				_, k = m.TokenOp(instr.X, false)
			}
		}
		held = lockStep(k, held)
	}
	return held
}

// lockStep returns how many locks are held after an operation of kind k
// when held are held before it.
func lockStep(k model.Kind, held int) int {
	switch {
	case k.Releases():
		return max(held-1, 0)
	case !k.Conditional():
		if _, acquires := k.Acquires(); acquires {
			return min(held+1, maxHeld)
		}
	}
	return held
}

// Guarded returns the instructions of fl's function made while it holds
// a lock on every path to them (see guardedBlocks), or nil in the strict
// reading.
func (f *Flow) Guarded() map[ssa.Instruction]bool {
	r := f.sv.res
	if r.strict {
		return nil
	}
	if out, ok := f.sv.guarded[f.Fn]; ok {
		return out
	}
	var out map[ssa.Instruction]bool
	defer func() { f.sv.guarded[f.Fn] = out }()
	in := guardedBlocks(r.model, f.Fn)
	for _, b := range f.Fn.Blocks {
		if in[b.Index] > maxHeld {
			continue // unreachable
		}
		heldAfter(r.model, b, in[b.Index], func(instr ssa.Instruction, held int) {
			if held > 0 {
				if out == nil {
					out = make(map[ssa.Instruction]bool)
				}
				out[instr] = true
			}
		})
	}
	return out
}
