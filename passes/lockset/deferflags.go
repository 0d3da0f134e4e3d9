// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file holds the rule for a deferred cleanup that a flag or a named
// result decides, run after a go statement:
//
//	ok := false
//	defer func() {
//		if !ok {
//			c.closed = true // only when Open fails
//		}
//	}()
//	...
//	ok = true
//	go c.loop()
//	return c, nil
//
// The deferred literal runs at the function's exit, after the go
// statement on the paths that start the goroutine. When a variable it
// captures (ok, or a named result err) holds the same constant on every
// path from the go statement to each point the deferred calls run, the
// literal's tests of that variable are decided there, and what lies on
// the branches they cannot take does not run beside the goroutine. Both
// readings: the branches cannot run.

// deadInDefer reports whether s, an access of the continuation of sp's go
// statement made where the deferred calls run, by a function literal the
// spawner deferred (the first call of its chain), lies on a branch of the
// literal that its captured variables' values after the go statement rule
// out.
func (c *checker) deadInDefer(sp *spawn, s *site) bool {
	if _, ok := s.instr.(*ssa.RunDefers); !ok || s.acc.calls == nil {
		return false
	}
	key := deferKey{sp.instr, s.acc.calls.pos}
	dead, ok := c.deferDead[key]
	if !ok {
		if d := deferAt(sp.parent.fn, key.pos); d != nil {
			g, bindings := ssaops.FuncValue(d.Call.Value)
			if g != nil && g.Parent() != nil && len(g.Blocks) > 0 {
				dead = deadBlocks(g, bindings, sp.instr)
			}
		}
		if c.deferDead == nil {
			c.deferDead = make(map[deferKey]map[token.Pos]bool)
		}
		c.deferDead[key] = dead
	}
	pos := s.acc.Pos
	if next := s.acc.calls.next; next != nil {
		pos = next.pos // the call in the literal that leads to the access
	}
	return dead[pos]
}

// deferAt returns the defer statement of fn at pos, or nil.
func deferAt(fn *ssa.Function, pos token.Pos) *ssa.Defer {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && d.Pos() == pos {
				return d
			}
		}
	}
	return nil
}

// A deferKey names a deferred call, by the position of its defer
// statement, in the continuation of a go statement.
type deferKey struct {
	start ssa.Instruction
	pos   token.Pos
}

// deadBlocks returns the positions of the instructions of g, run after
// start with bindings, that lie on branches the values its captured
// variables hold after start rule out; nil if none. Each load of such a
// variable gives the value the variable holds (cellAfter), as the tests
// of a path find it (ssaops.Decide).
func deadBlocks(g *ssa.Function, bindings []ssa.Value, start ssa.Instruction) map[token.Pos]bool {
	known := make(map[ssa.Value]bool)
	for k, b := range bindings {
		if k >= len(g.FreeVars) {
			break
		}
		cell, ok := b.(*ssa.Alloc)
		if !ok || !ssaops.OwnCell(cell) {
			continue
		}
		if fact, ok := cellAfter(cell, start); ok {
			for _, ref := range *g.FreeVars[k].Referrers() {
				if load, ok := ref.(*ssa.UnOp); ok { // only loaded: OwnCell
					known[load] = fact
				}
			}
		}
	}
	if len(known) == 0 {
		return nil
	}
	live := make([]bool, len(g.Blocks))
	stack := []*ssa.BasicBlock{g.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if live[b.Index] {
			continue
		}
		live[b.Index] = true
		succs := b.Succs
		if cond := ssaops.IfCond(b); cond != nil {
			if v, ok := ssaops.Decide(cond, known); ok {
				if v {
					succs = succs[:1]
				} else {
					succs = succs[1:]
				}
			}
		}
		stack = append(stack, succs...)
	}
	var dead map[token.Pos]bool
	for _, b := range g.Blocks {
		if live[b.Index] {
			continue
		}
		for _, instr := range b.Instrs {
			if p := instr.Pos(); p.IsValid() {
				if dead == nil {
					dead = make(map[token.Pos]bool)
				}
				dead[p] = true
			}
		}
	}
	return dead
}

// cellAfter returns what the tests of a path would find of the variable
// cell, which only its own function stores into (ssaops.OwnCell), at
// every point where the deferred calls run on a path from start: the same
// fact at start (over the paths that reach it, the variable's zero value
// until a store) and in every store that a path from start runs, each of
// a constant; false if there is no such fact.
func cellAfter(cell *ssa.Alloc, start ssa.Instruction) (fact, ok bool) {
	isStore := func(i ssa.Instruction) bool {
		st, ok := i.(*ssa.Store)
		return ok && st.Addr == cell
	}
	found := false
	same := func(f, ok bool) bool {
		if !ok || found && f != fact {
			return false
		}
		fact, found = f, true
		return true
	}
	if ssaops.ReachesAvoiding(cell, start, isStore) && !same(zeroFact(cell)) {
		return false, false
	}
	for _, ref := range *cell.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok {
			continue
		}
		k, _ := st.Val.(*ssa.Const)
		before := ssaops.ReachesAvoiding(st, start, isStore)
		after := ssaops.ReachesAvoiding(start, st, func(ssa.Instruction) bool { return false })
		if (before || after) && (k == nil || !same(ssaops.Decide(k, nil))) {
			return false, false
		}
	}
	return fact, found
}

// zeroFact returns what a test finds of the zero value of the variable
// cell: false for a boolean, nil for a type that has nil.
func zeroFact(cell *ssa.Alloc) (bool, bool) {
	t := cell.Type().Underlying().(*types.Pointer).Elem()
	var zero constant.Value // nil: the zero value of a type that has nil
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		zero = constant.MakeBool(false)
	}
	return ssaops.Decide(ssa.NewConst(zero, t), nil)
}
