// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
)

// The heap analysis has one abstract object for the elements of an
// array, so a loop that sends the address of each element,
//
//	for i := range jobs {
//		futures[i] = system.Root.RequestFuture(master, &jobs[i], d)
//	}
//
// seemed to send the same memory again in every iteration (PiCompute).
// It does not: a counted loop's counter grows by one each iteration, so
// the address &jobs[i] computed again after the loop came back to its
// header is another element of the same array. The element is all that
// was sent when the element type holds no pointers, so the new element
// shares nothing with it. The walk then takes the address, computed
// again, as new memory (elementPerIteration).

// elementPerIteration returns the element address that p gives up when
// computing it again after p, on any path, yields memory p did not give
// up, or nil. That is so when p gives up one value, the address &a[i] of
// an element (perhaps converted, as to an interface) whose type holds no
// pointers, and
//
//   - i is the counter of a counted loop (model.CountedLoopAt) that holds
//     the address and p, and a is defined before the loop, so every
//     iteration indexes the same array by a counter one larger;
//   - no path from p reaches the address again without passing through
//     the loop's header (the address is not in an inner loop with p, so
//     each later computation follows an increment);
//   - the loop, once left, is never entered again (no path from a block
//     outside it back to its header but the first entry), so the counter
//     never takes a value twice while the function runs.
func elementPerIteration(p transfer.Point) ssa.Value {
	if len(p.Given) != 1 {
		return nil
	}
	v := p.Given[0]
	for {
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return nil
		}
		x, ok := ssaops.Alias(instr)
		if !ok {
			break
		}
		v = x
	}
	addr, ok := v.(*ssa.IndexAddr)
	if !ok || !pointerFreeMemory(elemOf(addr)) {
		return nil
	}
	loop := counterLoop(addr)
	if loop == nil || !loop.Contains(p.Instr.Block()) || definedIn(addr.X, loop) {
		return nil
	}
	if reachesWithin(p.Instr.Block(), addr.Block(), loop) || loop.Reentered() {
		return nil
	}
	return addr
}

// elemOf returns the type of the element addr addresses.
func elemOf(addr *ssa.IndexAddr) types.Type {
	return addr.Type().Underlying().(*types.Pointer).Elem()
}

// counterLoop returns the counted loop around addr whose counter indexes
// it: the value its header tests against the bound (the φ of
// for i := 0; i < n; i++, the φ plus one of a range loop), or nil.
func counterLoop(addr *ssa.IndexAddr) *model.CountedLoop {
	for b := addr.Block().Idom(); b != nil; b = b.Idom() {
		loop := model.CountedLoopAt(b)
		if loop == nil || !loop.Contains(addr.Block()) {
			continue
		}
		cond := b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp)
		if cond.X == addr.Index {
			return loop
		}
	}
	return nil
}

// definedIn reports whether v is computed in loop (its header or body),
// so that it may differ between iterations.
func definedIn(v ssa.Value, loop *model.CountedLoop) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Block() == nil {
		return false
	}
	return instr.Block() == loop.Header || loop.Contains(instr.Block())
}

// reachesWithin reports whether a path from the end of from reaches to
// without passing through loop's header.
func reachesWithin(from, to *ssa.BasicBlock, loop *model.CountedLoop) bool {
	return to != loop.Header && slices.ContainsFunc(from.Succs, func(s *ssa.BasicBlock) bool {
		return ssaops.ReachesWithout(s, to, loop.Header)
	})
}
