// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// BlocksInCycles marks, by block index, the blocks of fn that lie on a
// cycle of its control-flow graph: code there may run many times in one
// call.
func BlocksInCycles(fn *ssa.Function) []bool {
	in := make([]bool, len(fn.Blocks))
	for i, c := range Cycles(fn) {
		in[i] = c >= 0
	}
	return in
}

// Cycles numbers, by block index, the cycle of fn's control-flow graph
// that each block lies on (its strongly connected component, by Tarjan's
// algorithm), or -1 for a block on no cycle. Two blocks with the same
// number run in the same loop.
func Cycles(fn *ssa.Function) []int {
	n := len(fn.Blocks)
	in := make([]int, n)
	for i := range in {
		in[i] = -1
	}
	selfLoop := make([]bool, n)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next := 0
	var strong func(v int)
	strong = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, s := range fn.Blocks[v].Succs {
			w := s.Index
			if w == v {
				selfLoop[v] = true
			}
			if index[w] < 0 {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			if len(comp) > 1 || selfLoop[v] {
				for _, w := range comp {
					in[w] = v
				}
			}
		}
	}
	for v := range n {
		if index[v] < 0 {
			strong(v)
		}
	}
	return in
}

// Reaches reports whether block to is reachable from block from (a block
// reaches itself).
func Reaches(from, to *ssa.BasicBlock) bool { return ReachesWithout(from, to, nil) }

// ReachesWithout reports whether block to is reachable from block from on
// a path that does not pass through block avoid (nil: any path).
func ReachesWithout(from, to, avoid *ssa.BasicBlock) bool {
	// The search stays in from's function, whose blocks are numbered:
	// a bit per block marks it seen, where a map cost a hash and an
	// allocation per block on every query.
	seen := newBlockSet(len(from.Parent().Blocks))
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if b == avoid || !seen.add(b.Index) {
			continue
		}
		stack = append(stack, b.Succs...)
	}
	return false
}

// A blockSet is a set of block indices of one function.
type blockSet []uint64

func newBlockSet(n int) blockSet { return make(blockSet, (n+63)/64) }

// add adds i to s and reports whether it was not there.
func (s blockSet) add(i int) bool {
	w, bit := i/64, uint64(1)<<(i%64)
	if s[w]&bit != 0 {
		return false
	}
	s[w] |= bit
	return true
}

// IfCond returns the condition b branches on as its last instruction (an
// If: its first successor runs when the condition holds), or nil.
func IfCond(b *ssa.BasicBlock) ssa.Value {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return nil
	}
	if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		return iff.Cond
	}
	return nil
}

// OkTested returns the comma-ok operation (a receive, a type assertion, a
// map lookup) whose ok b branches on as its last instruction (if v, ok :=
// …; ok), or nil: b's first successor runs when ok is true.
func OkTested(b *ssa.BasicBlock) ssa.Value {
	ext, ok := IfCond(b).(*ssa.Extract)
	if !ok || ext.Index != 1 {
		return nil
	}
	return ext.Tuple
}

// Precedes reports whether a runs before b on every path to b: earlier in
// b's block, or in a block that dominates b's.
func Precedes(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, in := range ab.Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// ReachesAvoiding reports whether some path from just after instruction
// from reaches instruction to without running an instruction that stop
// holds for (to itself excepted). Both are in one function.
func ReachesAvoiding(from, to ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	return ReachesWhere(from, func(instr ssa.Instruction) bool { return instr == to }, stop)
}

// ReachesWhere reports whether some path from just after instruction
// from reaches an instruction that target holds for without first
// running one that stop holds for (target is asked first). The path may
// come back to from itself.
func ReachesWhere(from ssa.Instruction, target, stop func(ssa.Instruction) bool) bool {
	type pos struct {
		b *ssa.BasicBlock
		i int
	}
	start := pos{from.Block(), slices.Index(from.Block().Instrs, from) + 1}
	seen := make(map[*ssa.BasicBlock]bool)
	stack := []pos{start}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		blocked := false
		for _, instr := range p.b.Instrs[p.i:] {
			if target(instr) {
				return true
			}
			if stop(instr) {
				blocked = true
				break
			}
		}
		if blocked {
			continue
		}
		for _, s := range p.b.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, pos{s, 0})
			}
		}
	}
	return false
}
