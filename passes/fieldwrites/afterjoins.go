// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file lets an exported function hand *target values to its caller
// without making target unconfined, when it does so only after every
// goroutine its call started has been joined ("escapes only after a
// join"). Confinement asks whether code outside can write a target object
// while the package's code uses it. The results of
//
//	func Collect(n int) []*Item {
//		c := newCollector()
//		done := make(chan struct{})
//		go func() { defer close(done); c.run(n) }()
//		<-done
//		return c.items
//	}
//
// are items the caller may write, but only after Collect returned: the
// goroutine that made them and passed them around has been joined, and
// nothing else of the package can reach them, since
//   - Collect is a package-level function (no receiver another call could
//     share) none of whose parameters may lead to a *target (the call
//     cannot hand its items to, or take them from, anything the caller
//     holds), and no package-level variable of the package may lead to
//     one (no other call, nor a goroutine left running, finds them);
//   - every goroutine Collect starts is joined on every path from its
//     start to a return (the suite's one join rule, model.IsJoin, on
//     values derived from what the goroutine was given, or sent along a
//     request on a channel of it: the reply idiom; of goroutines started
//     in a loop, only a Join row such as wg.Wait, and never a Join on a
//     counter the goroutine adds itself to);
//   - neither Collect's callees nor the goroutines it starts (nor their
//     callees) start goroutines of their own, which the join would not
//     wait for.
// The items the caller gets are then objects no code of the package runs
// on any more; the caller's writes happen after every access the package
// made. What the rule trades is the join rule's: a goroutine that goes on
// using the items after the send or close a join receives from.

// returnsAfterJoins reports whether fn, an exported function whose
// results may lead to a *target, returns them only when no code of the
// package can reach them any more (see the file comment). It is false
// when the question is about values (byValue): code outside still reads
// what it got.
func (b *boundary) returnsAfterJoins(fn *ssa.Function) bool {
	if b.byValue || fn.Signature.Recv() != nil || fn.Parent() != nil || fn.Blocks == nil || fn.TypeParams().Len() > 0 {
		return false
	}
	params := fn.Signature.Params()
	for i := range params.Len() {
		if b.holds(params.At(i).Type()) {
			return false
		}
	}
	if b.globalsRef() {
		return false
	}
	// Walk what fn's call runs: fn itself, whose goroutines must be
	// joined, and everything else, which must start none.
	seen := map[*ssa.Function]bool{fn: true}
	var dynamic bool
	queue := b.calledBy(fn, seen, &dynamic)
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				callee, _ := ssaops.FuncValue(g.Call.Value)
				if callee == nil || g.Call.IsInvoke() || !b.joinedBeforeReturn(g) {
					return false
				}
				if !seen[callee] {
					seen[callee] = true
					queue = append(queue, callee)
				}
			} else if b.spawns(instr) {
				return false
			}
		}
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if f.Blocks == nil {
			return false // code of the package without a body: unknown
		}
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				if _, ok := instr.(*ssa.Go); ok || b.spawns(instr) {
					return false
				}
			}
		}
		queue = append(queue, b.calledBy(f, seen, &dynamic)...)
	}
	// A call the walk cannot follow may run any code of the package: it
	// starts no goroutine only if no function of the package but fn does.
	return !dynamic || !b.othersSpawn(fn)
}

// othersSpawn reports whether a function of the package other than fn
// has a go statement or a call that spawns.
func (b *boundary) othersSpawn(fn *ssa.Function) bool {
	for _, f := range b.funcs {
		if f == fn {
			continue
		}
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				if _, ok := instr.(*ssa.Go); ok || b.spawns(instr) {
					return true
				}
			}
		}
	}
	return false
}

// calledBy returns the functions of the package that f calls statically
// and seen does not hold yet, marking them seen. It sets dynamic if f
// calls a function value or an interface method (anything the walk cannot
// follow).
func (b *boundary) calledBy(f *ssa.Function, seen map[*ssa.Function]bool, dynamic *bool) []*ssa.Function {
	var queue []*ssa.Function
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, builtin := c.Common().Value.(*ssa.Builtin); builtin {
				continue
			}
			callee, _ := ssaops.FuncValue(c.Common().Value)
			if c.Common().IsInvoke() || callee == nil {
				*dynamic = true
				continue
			}
			if !b.inPackage(callee) || seen[callee] {
				continue
			}
			seen[callee] = true
			queue = append(queue, callee)
		}
	}
	return queue
}

// spawns reports whether instr, not a go statement, may start a goroutine
// or hand a function to a framework that runs it concurrently: a call of
// a Spawn, Handler, SpawnsActor or Subtest row.
func (b *boundary) spawns(instr ssa.Instruction) bool {
	c, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	rc, ok := b.model.Resolve(c.Common())
	if !ok {
		return false
	}
	for _, k := range []model.Kind{model.Spawn, model.Handler, model.SpawnsActor, model.Subtest} {
		if _, ok := rc.Row(k); ok {
			return true
		}
	}
	return false
}

// globalsRef reports whether a package-level variable of the package,
// exported or not, may lead to a *target.
func (b *boundary) globalsRef() bool {
	for _, mem := range b.pkg.Members {
		if g, ok := mem.(*ssa.Global); ok && b.holds(g.Type()) {
			return true
		}
	}
	return false
}

// joinedBeforeReturn reports whether every path from the go statement g
// to a return of its function passes a join of the goroutine
// (model.IsJoin). A path that loops back to g starts another goroutine,
// whose own paths are the same: it must be joined as well. A go statement
// in a loop starts any number of goroutines, which one receive does not
// wait for: only a Join row (wg.Wait) joins them. A Join on a counter the
// goroutine adds itself to does not wait for it (model.SelfCounted).
func (b *boundary) joinedBeforeReturn(g *ssa.Go) bool {
	related := b.relatedTo(g)
	selfCounted := b.model.SelfCounted(g)
	inLoop := reachesItself(g.Block())
	isJoin := func(instr ssa.Instruction) bool {
		if call, ok := instr.(*ssa.Call); ok {
			if rc, ok := b.model.Resolve(call.Common()); ok && rc.Recv != nil && rc.Joins() {
				if _, self := selfCounted.Adds(rc.Recv); self {
					return false
				}
				if inLoop {
					return related(rc.Recv)
				}
			}
		}
		return !inLoop && b.model.IsJoin(instr, related)
	}
	seen := make(map[*ssa.BasicBlock]bool)
	var queue []*ssa.BasicBlock
	// scan walks instrs and reports whether it reaches a return before
	// a join; it queues blk's successors if it falls off the end.
	scan := func(blk *ssa.BasicBlock, instrs []ssa.Instruction) bool {
		for _, instr := range instrs {
			if isJoin(instr) {
				return false
			}
			if _, ok := instr.(*ssa.Return); ok {
				return true
			}
		}
		for _, s := range blk.Succs {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
		return false
	}
	blk := g.Block()
	for i, instr := range blk.Instrs {
		if instr == g {
			if scan(blk, blk.Instrs[i+1:]) {
				return false
			}
			break
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if scan(s, s.Instrs) {
			return false
		}
	}
	return true
}

// reachesItself reports whether a path leads from blk back to blk.
func reachesItself(blk *ssa.BasicBlock) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	queue := append([]*ssa.BasicBlock(nil), blk.Succs...)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == blk {
			return true
		}
		if !seen[s] {
			seen[s] = true
			queue = append(queue, s.Succs...)
		}
	}
	return false
}

// relatedTo returns the relatedness of values to the goroutine g starts,
// for model.IsJoin: a value is related when it is, or is loaded out of,
// an operand of the go statement (its arguments, its receiver, what its
// closure binds; a directional channel's original), or is a channel stored into a request that a related
// channel is sent (the reply idiom: m.inbox <- &drain{reply: reply};
// <-reply).
func (b *boundary) relatedTo(g *ssa.Go) func(ssa.Value) bool {
	roots := make(map[ssa.Value]bool)
	_, bindings := ssaops.FuncValue(g.Call.Value)
	for _, v := range append(append([]ssa.Value(nil), g.Call.Args...), bindings...) {
		// A channel given as chan<- is the channel it was made as.
		for {
			roots[v] = true
			ct, ok := v.(*ssa.ChangeType)
			if !ok {
				break
			}
			v = ct.X
		}
	}
	var related func(v ssa.Value, depth int) bool
	related = func(v ssa.Value, depth int) bool {
		if depth > 6 {
			return false
		}
		if roots[v] {
			return true
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL && related(x.X, depth+1) {
				return true
			}
		case *ssa.FieldAddr:
			return related(x.X, depth+1)
		case *ssa.Field:
			return related(x.X, depth+1)
		case *ssa.IndexAddr:
			return related(x.X, depth+1)
		case *ssa.ChangeType:
			return related(x.X, depth+1)
		}
		return b.sentAlong(v, func(ch ssa.Value) bool { return related(ch, depth+1) })
	}
	return func(v ssa.Value) bool { return related(v, 0) }
}

// sentAlong reports whether v is stored into a field of a request the
// function makes and sends on a channel for which related holds.
func (b *boundary) sentAlong(v ssa.Value, related func(ssa.Value) bool) bool {
	for _, ref := range *v.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != v {
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		req, ok := fa.X.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, use := range *req.Referrers() {
			sent := ssa.Value(req)
			if mi, ok := use.(*ssa.MakeInterface); ok {
				for _, u := range *mi.Referrers() {
					if s, ok := u.(*ssa.Send); ok && s.X == mi && related(s.Chan) {
						return true
					}
				}
				continue
			}
			if s, ok := use.(*ssa.Send); ok && s.X == sent && related(s.Chan) {
				return true
			}
		}
	}
	return false
}
