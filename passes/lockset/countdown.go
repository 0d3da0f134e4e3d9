// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file orders what a goroutine does before it counts itself down
// with what follows a receive from the channel the last one closes:
//
//	waited := int32(n)
//	for range n {
//		go func() {
//			defer func() {
//				if atomic.AddInt32(&waited, -1) == 0 {
//					close(done)
//				}
//			}()
//			work()
//		}()
//	}
//	<-done
//
// Atomic operations are sequentially consistent in Go's memory model, so
// every decrement happens before the one that brings the counter to zero,
// which closes the channel: the decrement orders like a close of it
// (chanclose.go). The counter is assumed to start at the number of
// goroutines that count down, as wg.Add's count is; the strict reading
// does not use the rule, as it uses no close.

// countdownCloses returns the channel, by the path of the variable
// holding it, that call's countdown closes: call adds -1 to a counter
// atomically (atomic.AddInt32(&n, -1), n.Add(-1)), and the branch where
// the result is zero closes the channel in its first block; else "".
func (c *checker) countdownCloses(call *ssa.Call) string {
	if c.model.Strict || !decrementsAtomically(&call.Call) {
		return ""
	}
	for _, ref := range *call.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL || !isZero(cmp.X) && !isZero(cmp.Y) {
			continue
		}
		for _, r := range *cmp.Referrers() {
			ifi, ok := r.(*ssa.If)
			if !ok {
				continue
			}
			then := ifi.Block().Succs[0]
			if len(then.Preds) != 1 {
				continue
			}
			for _, instr := range then.Instrs {
				if ch := closedChan(instr); ch != nil {
					return c.chanPath(ch)
				}
			}
		}
	}
	return ""
}

// decrementsAtomically reports whether call adds the constant -1 to an
// integer atomically: atomic.AddInt32, atomic.AddInt64, or the Add method
// of atomic.Int32 or atomic.Int64 (only those take a signed delta, so the
// constant alone rules the unsigned ones out).
func decrementsAtomically(call *ssa.CallCommon) bool {
	switch atomicOp(call) {
	case "AddInt32", "AddInt64", "Add":
	default:
		return false
	}
	if len(call.Args) != 2 {
		return false
	}
	delta := constValue(call.Args[1])
	return delta != nil && delta.Kind() == constant.Int && constant.Compare(delta, token.EQL, constant.MakeInt64(-1))
}

// isZero reports whether v is the integer constant 0.
func isZero(v ssa.Value) bool {
	k := constValue(v)
	return k != nil && k.Kind() == constant.Int && constant.Sign(k) == 0
}
