// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
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
// spawner deferred (the first call of its chain), lies on a
// branch of the literal that its captured variables' values after the go
// statement rule out.
func (c *checker) deadInDefer(sp *spawn, s *site) bool {
	if _, ok := s.instr.(*ssa.RunDefers); !ok || s.acc.calls == nil {
		return false
	}
	d := deferAt(sp.parent.fn, s.acc.calls.pos)
	if d == nil {
		return false
	}
	g, bindings := ssaops.FuncValue(d.Call.Value)
	if g == nil || g.Parent() == nil || len(g.Blocks) == 0 {
		return false
	}
	pos := s.acc.Pos
	if next := s.acc.calls.next; next != nil {
		pos = next.pos // the call in g that leads to the access
	}
	key := deferKey{sp.instr, d}
	dead, ok := c.deferDead[key]
	if !ok {
		dead = deadBlocks(g, bindings, sp.instr)
		if c.deferDead == nil {
			c.deferDead = make(map[deferKey]map[token.Pos]bool)
		}
		c.deferDead[key] = dead
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

// A deferKey names a deferred call in the continuation of a go statement.
type deferKey struct {
	start  ssa.Instruction
	defer_ *ssa.Defer
}

// deadBlocks returns the positions of the instructions of g, run after
// start with bindings, that lie on branches the values its captured
// variables hold after start rule out; nil if none.
func deadBlocks(g *ssa.Function, bindings []ssa.Value, start ssa.Instruction) map[token.Pos]bool {
	known := make(map[*ssa.FreeVar]*ssa.Const)
	for k, b := range bindings {
		if k >= len(g.FreeVars) {
			break
		}
		cell, ok := b.(*ssa.Alloc)
		if !ok || !onlyLoadedBy(cell, g) {
			continue
		}
		if v := cellAfter(cell, start); v != nil {
			known[g.FreeVars[k]] = v
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
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && len(succs) == 2 {
			if v, ok := decided(ifi.Cond, known); ok {
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

// onlyLoadedBy reports whether the variable cell is stored to only by its
// own function and loaded, never stored to, by the closures capturing it
// (g among them), and is not otherwise handed on.
func onlyLoadedBy(cell *ssa.Alloc, g *ssa.Function) bool {
	captured := false
	for _, ref := range *cell.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != cell {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.MakeClosure:
			if !model.OnlyLoaded(r, cell) {
				return false
			}
			captured = captured || r.Fn == g
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return captured
}

// cellAfter returns the constant the variable cell holds, stored only by
// its own function (onlyLoadedBy), at every point where the deferred
// calls run on a path from start: the same constant at start (merged
// over the paths that reach it, the variable's zero value until a store)
// and in every store that a path from start runs; nil otherwise.
func cellAfter(cell *ssa.Alloc, start ssa.Instruction) *ssa.Const {
	fn := cell.Parent()
	var stores []*ssa.Store
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok {
			stores = append(stores, st)
		}
	}
	isStore := func(i ssa.Instruction) bool {
		st, ok := i.(*ssa.Store)
		return ok && st.Addr == cell
	}
	// At start: every store (or the allocation, which zeroes the
	// variable) from which a path reaches start without another store.
	var at *ssa.Const
	same := func(k *ssa.Const) bool {
		if k == nil {
			return false
		}
		if at == nil {
			at = k
			return true
		}
		return sameConst(at, k)
	}
	if ssaops.ReachesAvoiding(cell, start, isStore) && !same(zeroConst(cell)) {
		return nil
	}
	for _, st := range stores {
		k, _ := st.Val.(*ssa.Const)
		if ssaops.ReachesAvoiding(st, start, isStore) && !same(k) {
			return nil
		}
		if ssaops.ReachesAvoiding(start, st, func(ssa.Instruction) bool { return false }) && !same(k) {
			return nil
		}
	}
	if at == nil || fn == nil {
		return nil
	}
	return at
}

// zeroConst returns the zero value of the variable cell as a constant, or
// nil for a type whose zero value is no constant (a struct, an array).
func zeroConst(cell *ssa.Alloc) *ssa.Const {
	t := cell.Type().Underlying().(*types.Pointer).Elem()
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return ssa.NewConst(constant.MakeBool(false), t)
		case u.Info()&types.IsInteger != 0:
			return ssa.NewConst(constant.MakeInt64(0), t)
		case u.Info()&types.IsString != 0:
			return ssa.NewConst(constant.MakeString(""), t)
		}
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return ssa.NewConst(nil, t)
	}
	return nil
}

// decided reports the value of the condition cond when the captured
// variables hold the constants known gives, and whether it is decided: a
// load of a boolean variable, its negation, or its comparison with a
// constant.
func decided(cond ssa.Value, known map[*ssa.FreeVar]*ssa.Const) (bool, bool) {
	load := func(v ssa.Value) *ssa.Const {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return nil
		}
		fv, _ := u.X.(*ssa.FreeVar)
		return known[fv]
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			if v, ok := decided(c.X, known); ok {
				return !v, true
			}
			return false, false
		}
		if k := load(c); k != nil && k.Value != nil && k.Value.Kind() == constant.Bool {
			return constant.BoolVal(k.Value), true
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false, false
		}
		k, other := load(c.X), c.Y
		if k == nil {
			k, other = load(c.Y), c.X
		}
		o, ok := other.(*ssa.Const)
		if k == nil || !ok {
			return false, false
		}
		eq := sameConst(k, o)
		return eq == (c.Op == token.EQL), true
	}
	return false, false
}

// sameConst reports whether the constants a and b are equal: both nil
// (the zero value of a pointer, interface or other reference), or equal
// values.
func sameConst(a, b *ssa.Const) bool {
	if a.Value == nil || b.Value == nil {
		return a.Value == nil && b.Value == nil && a.IsNil() && b.IsNil()
	}
	return constant.Compare(a.Value, token.EQL, b.Value)
}
