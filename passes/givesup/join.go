// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// A Joiner recognises, for one transfer point, the instructions after
// which the transferred memory is back with the sender. The rule is the
// model's (model.IsJoin); what the Joiner adds is relatedness by heap
// reachability: a value is related to the point when it may reach memory
// reachable from what was given (a goroutine's done channel, a request's
// reply channel, the group of a g.Go).
type Joiner struct {
	model  *model.Model
	res    *Result
	fl     *taint.Flow
	tokens taint.ObjSet
	// spawner is the function the point calls, when it hands memory to
	// goroutines that call starts: a Join row with it as Of waits for them.
	spawner *types.Func
	// reply is, by default, the call of a point that gives up an
	// argument: what it returns is the reply's channel or future of what
	// it sent (see fromReply).
	reply *ssa.Call
	// selfCounted lists the counters a go statement's goroutine adds
	// itself to (model.SelfCounted): waiting on them is no join.
	selfCounted *model.SelfCount
}

// Joiner returns the joiner of point p, whose heap before it is h.
func (r *Result) Joiner(fl *taint.Flow, h taint.Heap, p transfer.Point) *Joiner {
	var locs taint.LocSet
	for _, v := range p.Given {
		locs = append(locs, fl.Locs(v)...)
	}
	if p.Spawns && p.Kind != transfer.Go {
		// g.Go(f) is joined by g.Wait(), whether or not f reaches g.
		for _, v := range p.Others {
			locs = append(locs, fl.Locs(v)...)
		}
	}
	j := &Joiner{model: r.Model, res: r, fl: fl, tokens: fl.Reach(h, locs, nil)}
	if g, ok := p.Instr.(*ssa.Go); ok {
		j.selfCounted = r.Model.SelfCounted(g)
	}
	if p.Kind == transfer.GivesUp {
		j.spawner = p.CalleeObj
		if j.spawner == nil && p.Callee != nil {
			j.spawner, _ = p.Callee.Object().(*types.Func)
		}
		if !r.Model.Strict {
			j.reply, _ = p.Instr.(*ssa.Call)
		}
	}
	return j
}

// IsJoin reports whether instr gives the transferred memory back: a join
// of the model, or, by default, a call of a function that waits on a
// channel of what was given on some path (the future idiom: a request's
// Wait may also return on a timeout).
func (j *Joiner) IsJoin(instr ssa.Instruction) bool {
	if j.waitsOnSelfCounted(instr) {
		return false
	}
	if j.model.IsJoin(instr, j.reachesToken) || j.model.JoinsCallsOf(instr, j.spawner) {
		return true
	}
	call, ok := instr.(*ssa.Call)
	return ok && !j.model.Strict && slices.ContainsFunc(j.model.WaitedOn(call.Common()), j.reachesToken)
}

// waitsOnSelfCounted reports whether instr is a Join on a counter the
// goroutine of the point adds itself to, which it does not wait for.
func (j *Joiner) waitsOnSelfCounted(instr ssa.Instruction) bool {
	_, ok := j.selfCountedAdd(instr)
	return ok
}

// selfCountedAdd returns, when instr is a Join on a counter the goroutine
// of the point adds itself to, where the goroutine does so.
func (j *Joiner) selfCountedAdd(instr ssa.Instruction) (token.Pos, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok || j.selfCounted == nil {
		return token.NoPos, false
	}
	rc, ok := j.model.Resolve(call.Common())
	if !ok || rc.Recv == nil || !rc.Joins() {
		return token.NoPos, false
	}
	return j.selfCounted.Adds(rc.Recv)
}

// SkippedWaits returns, with the position of the goroutine's own Add, the
// Joins of fn on a counter the goroutine of the point adds itself to,
// which are no joins of it (model.SelfCounted): a report can say why the
// wait did not count.
func (j *Joiner) SkippedWaits(fn *ssa.Function) (waits []ssa.Instruction, adds []token.Pos) {
	if j.selfCounted == nil {
		return nil, nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if add, ok := j.selfCountedAdd(instr); ok {
				waits, adds = append(waits, instr), append(adds, add)
			}
		}
	}
	return waits, adds
}

// EntersJoin reports whether taking the edge from p to b gives the
// transferred memory back: it enters the body of a select case that
// receives from a channel of what was given (model.CaseReceive).
func (j *Joiner) EntersJoin(p, b *ssa.BasicBlock) bool {
	ch := model.CaseReceive(p, b)
	return ch != nil && j.reachesToken(ch)
}

// reachesToken reports whether v is related to what was given: its
// memory was reachable from it at the transfer, or v is loaded out of such
// memory (r.Reply of a request made by a constructor: the heap at the
// transfer had not yet named the field's object).
func (j *Joiner) reachesToken(v ssa.Value) bool {
	if j.fromReply(v) {
		return true
	}
	for range 4 {
		for _, l := range j.fl.Locs(v) {
			if j.tokens.Has(l.Obj) {
				return true
			}
		}
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		switch addr := load.X.(type) {
		case *ssa.FieldAddr:
			v = addr.X
		case *ssa.IndexAddr:
			v = addr.X
		default:
			return false
		}
	}
	return false
}

// JoinedBeforeExit reports whether every path from p to a return of the
// function passes a join: the function then gets back what it gave, and
// does not give it up to its callers (t.Run, a synchronous request).
func (j *Joiner) JoinedBeforeExit(p transfer.Point) bool {
	start := p.Instr.Block()
	seen := make(map[*ssa.BasicBlock]bool)
	// scan walks b from index from and reports whether it reaches a
	// return without a join; it queues b's successors if it falls off.
	var queue []*ssa.BasicBlock
	scan := func(b *ssa.BasicBlock, from int) bool {
		for _, instr := range b.Instrs[from:] {
			if j.IsJoin(instr) {
				return false
			}
			if _, ok := instr.(*ssa.Return); ok {
				return true
			}
		}
		for _, s := range p.Successors(b) {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
		return false
	}
	idx := 0
	for i, instr := range start.Instrs {
		if instr == p.Instr {
			idx = i + 1
		}
	}
	if scan(start, idx) {
		return false
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if scan(b, 0) {
			return false
		}
	}
	return true
}

// fromReply reports whether v is a result of the call that gave the
// memory up, or taken out of one: the request/reply idiom behind a call,
// whose callee sends the request and returns the channel its reply comes
// on (r := <-c.queueRequest(req), a zookeeper client's): a receive from
// it waits for the other side to be done with the request. The callee
// made the channel itself, so the heap at the call cannot relate it to
// what was given; by default the call's own result is evidence enough.
func (j *Joiner) fromReply(v ssa.Value) bool {
	if j.reply == nil {
		return false
	}
	for range 4 {
		switch x := v.(type) {
		case *ssa.Call:
			return x == j.reply
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return false
		}
	}
	return false
}
