// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A value received from a channel is owned by the receiver, with all it
// reaches: under the discipline this pass checks at every sender, it
// shares nothing with what the receiver held before the receive. The
// heap analysis, though, gives every iteration's receive one abstract
// object, so when a loop keeps one request (b.waiting = req) and hands
// on the next (for req := range b.requests { b.onRequest(req) }), the
// kept older request and the new one look the same, and condition 1
// would say the new one stays reachable from b.waiting. If nothing on the
// way from the receive to the transfer could have stored the new value
// (or what it reaches) anywhere, every such path is an earlier
// iteration's: receivedAfresh says so. In both readings: the strict
// reading checks the senders too.

// receivedAfresh reports whether v is the value of a receive of v's
// function from which every path to at runs only instructions that store
// nothing.
func receivedAfresh(v ssa.Value, at ssa.Instruction) bool {
	recv := receiveOf(v)
	if recv == nil || recv.Parent() != at.Parent() {
		return false
	}
	isRecv := func(i ssa.Instruction) bool { return i == recv }
	for _, b := range recv.Parent().Blocks {
		for _, instr := range b.Instrs {
			if instr == at || instr == recv || storesNothing(instr) {
				continue
			}
			if ssaops.ReachesAvoiding(recv, instr, isRecv) && ssaops.ReachesAvoiding(instr, at, isRecv) {
				return false
			}
		}
	}
	return ssaops.ReachesAvoiding(recv, at, func(ssa.Instruction) bool { return false })
}

// receiveOf returns the receive whose value v is: <-ch, or the value of a
// comma-ok receive or of a select's case.
func receiveOf(v ssa.Value) ssa.Instruction {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return x
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			if t.Op == token.ARROW && x.Index == 0 {
				return t
			}
		case *ssa.Select:
			if x.Index >= 2 {
				return t
			}
		}
	}
	return nil
}

// storesNothing reports whether instr cannot make memory reachable from
// other memory: it computes, loads, tests or branches.
func storesNothing(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.BinOp, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index,
		*ssa.Extract, *ssa.If, *ssa.Jump, *ssa.Phi, *ssa.Convert, *ssa.ChangeType,
		*ssa.MakeInterface, *ssa.Lookup, *ssa.Slice, *ssa.TypeAssert, *ssa.DebugRef,
		*ssa.ChangeInterface, *ssa.SliceToArrayPointer:
		return true
	case *ssa.UnOp:
		return i.Op != token.ARROW
	case *ssa.Call:
		if b, ok := i.Call.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "len", "cap":
				return true
			}
		}
	}
	return false
}
