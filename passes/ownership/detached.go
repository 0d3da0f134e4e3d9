// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// A machine's event loop hands each event it receives to a handler
// method (for req := range b.requests { b.onRequest(req) }), which keeps
// the event in the machine on one path (b.waiting = req) and sends it on
// another, after taking the kept one out (first := b.waiting; b.waiting =
// nil; send first and req). The handler's summary joins its paths: the
// machine may reach the event afterwards, and the event may be given up.
// So the loop's next call, which passes the machine again, looked like a
// use of the event given up in the earlier iteration.
//
// It is none when the handler detaches what it gives up: at each of its
// returns that a path through a transfer reaches, none of its other
// ports (receiver, parameters, free variables, package-level memory) nor
// its results reach the memory of the parameter given up, by the
// handler's own flow-sensitive heap, which a may-analysis over-
// approximates. On the paths where the handler gave the event up, the
// machine then holds none of it; on the others, nothing was given up.
// The machine can come to reach the event otherwise only through a store
// of the caller's, so the loop, from the call back to it, must store no
// reference (only values of basic type), and each iteration's event must
// be received afresh (receivedAfresh: nothing stores between its receive
// and the call, so no operand reached it before the call).

// reentryDetached reports whether, at the transfer point's own call run
// again by a loop, the operand op (not a given value) can reach nothing
// that an earlier iteration's call gave up: see above.
func (w *walker) reentryDetached(call ssa.CallInstruction, op ssa.Value) bool {
	p := w.p
	if call != p.Instr || p.Kind != transfer.GivesUp || p.Callee == nil {
		return false
	}
	for _, g := range p.Given {
		if g == op {
			return false
		}
	}
	return w.c.detachedLoop(p)
}

// detachedLoop reports whether the conditions of reentryDetached on the
// point itself hold: a static call of a function of the package whose
// given arguments are received afresh each iteration, which detaches them,
// in a loop that stores no reference between two of its runs.
func (c *checker) detachedLoop(p transfer.Point) bool {
	key := p.Instr
	if v, ok := c.detachedLoops[key]; ok {
		return v
	}
	v := c.computeDetachedLoop(p)
	c.detachedLoops[key] = v
	return v
}

func (c *checker) computeDetachedLoop(p transfer.Point) bool {
	call, ok := p.Instr.(*ssa.Call)
	if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != p.Callee {
		return false
	}
	if !loopStoresNoReference(call) {
		return false
	}
	checked := 0
	for i, a := range call.Common().Args {
		if !isGiven(p, a) {
			continue
		}
		if !receivedAfresh(a, call) || !c.detaches(p.Callee, i) {
			return false
		}
		checked++
	}
	// A given free variable of a closure is no argument: not checked.
	return checked == len(p.Given)
}

// isGiven reports whether v is one of the values p gives up.
func isGiven(p transfer.Point, v ssa.Value) bool {
	for _, g := range p.Given {
		if g == v {
			return true
		}
	}
	return false
}

// loopStoresNoReference reports whether every instruction on a path from
// call back to itself (other than call) stores no reference: it stores
// nothing, receives (making a new value), or stores a value of basic
// type, which holds no memory.
func loopStoresNoReference(call ssa.Instruction) bool {
	isCall := func(i ssa.Instruction) bool { return i == call }
	for _, b := range call.Parent().Blocks {
		for _, instr := range b.Instrs {
			if instr == call || storesNoReference(instr) {
				continue
			}
			if ssaops.ReachesAvoiding(call, instr, isCall) && ssaops.ReachesAvoiding(instr, call, isCall) {
				return false
			}
		}
	}
	return true
}

// storesNoReference reports whether instr makes no memory point to other
// memory: see loopStoresNoReference.
func storesNoReference(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.UnOp:
		if i.Op == token.ARROW {
			return true // a receive makes its value; it stores nothing
		}
	case *ssa.Store:
		_, basic := i.Val.Type().Underlying().(*types.Basic)
		return basic
	}
	return storesNothing(instr)
}

// detaches reports whether fn, a function of the package, leaves the
// memory of its port given (a parameter) reachable from none of its other
// ports, package-level memory and its results, at each return that a
// path through a transfer may reach (a send, or any call that is not a
// builtin's). It has no go or defer statement, and calls only functions
// that give nothing up (handsNothingOn).
func (c *checker) detaches(fn *ssa.Function, given int) bool {
	if fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || len(fn.Blocks) == 0 || given >= len(fn.Params) || fn.TypeArgs() != nil {
		return false
	}
	fl := c.flows.Flow(fn)
	if fl == nil || fl.Incomplete {
		return false
	}
	var transfers, returns []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.Return:
				returns = append(returns, instr)
			case *ssa.Go, *ssa.Defer:
				// The heap applies what the function runs at the
				// statement, but it runs later, after stores that
				// may have overwritten what it links.
				return false
			case *ssa.Send, *ssa.Select:
				transfers = append(transfers, instr)
			case *ssa.Call:
				if _, builtin := i.Call.Value.(*ssa.Builtin); builtin {
					continue
				}
				if !c.handsNothingOn(i) {
					return false
				}
				transfers = append(transfers, instr)
			}
		}
	}
	never := func(ssa.Instruction) bool { return false }
	for _, ret := range returns {
		after := false
		for _, t := range transfers {
			if ssaops.ReachesAvoiding(t, ret, never) {
				after = true
				break
			}
		}
		if after && c.reachesPort(fl, ret.(*ssa.Return), given) {
			return false
		}
	}
	return true
}

// handsNothingOn reports whether every callee of call is known and gives
// up nothing, and the call is no transfer or spawn of the model: no
// goroutine it starts holds memory of the caller's that it could link to
// the given memory after the caller's later stores.
func (c *checker) handsNothingOn(call *ssa.Call) bool {
	if len(transfer.Points(c.gu.Model, call)) > 0 {
		return false
	}
	callees, complete := c.flows.Callees(call.Common())
	if !complete {
		return false
	}
	for _, ce := range callees {
		if g := c.gu.Of(ce.Fn); g != nil && len(g.Ports) > 0 {
			return false
		}
	}
	return true
}

// reachesPort reports whether, in the heap before ret, a port of fl's
// function other than given, package-level memory, or a result of ret
// reaches memory that port given held on entry.
func (c *checker) reachesPort(fl *taint.Flow, ret *ssa.Return, given int) bool {
	h, ok := fl.HeapBefore(ret)
	if !ok {
		return false // an unreachable return
	}
	fn := fl.Fn
	var from taint.LocSet
	for port := range len(fn.Params) + len(fn.FreeVars) {
		if port == given {
			continue
		}
		if root, ok := fl.Root(port); ok {
			from = append(from, taint.Loc{Obj: root})
		}
	}
	if root, ok := fl.Root(taint.GlobalPort); ok {
		from = append(from, taint.Loc{Obj: root})
	}
	for _, r := range ret.Results {
		from = append(from, fl.Locs(r)...)
	}
	found := false
	fl.Reach(h, from, nil).Each(func(o taint.ObjID) {
		if port, _, ok := fl.PortPath(o); ok && port == given {
			found = true
		}
	})
	return found
}
