// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file orders accesses of different entry points by a channel they
// both name, the future idiom of Go:
//
//	func (f *future) complete(v T) { f.v = v; close(f.done) }
//	func (f *future) Wait() T      { <-f.done; return f.v }
//
// The close of a channel happens before every receive that it completes
// (the Go memory model), so an access followed, on every path to its
// entry point's return, by a close of the channel held in some variable
// (Access.Before) is ordered with an access that follows, on every path
// from its entry point's start, a receive from the channel held in the
// same variable (Access.After). Only a close counts: a send completes one
// receive, and a loop that writes and sends again races with the reader
// of the previous value (but see chansend.go, for a goroutine's single
// send on a channel made for it, and setonce.go, for a field set once
// before a close that does not follow it on every path). A goroutine's wg.Done() is such a close of the
// group, and wg.Wait() such a receive from it: Done happens before the
// Wait it lets return. The strict reading does not use the rule: a
// receive may be completed by a send on a channel that is also closed,
// and two objects of one type hold two channels.

// received records in st a receive from the channel ch, by the path of
// the variable holding it. The strict reading records nothing.
func (c *checker) received(st *state, ch ssa.Value) *state {
	if c.model.Strict {
		return st
	}
	if p := c.chanPath(ch); p != "" {
		st.recvd = union(st.recvd, []string{p})
		if c.singleSendField(ch) {
			st.recvd = union(st.recvd, []string{nilPrefix + p}) // chansend.go
		}
	}
	return st
}

// waited records in st a wait on the group wg (wg.Wait()), named like a
// lock: what a goroutine did before its wg.Done() is ordered before it.
// The strict reading records nothing.
func (c *checker) waited(st *state, wg ssa.Value) *state {
	if c.model.Strict {
		return st
	}
	if p := c.lockPath(wg); p != "" {
		st.recvd = union(st.recvd, []string{p})
	}
	return st
}

// rebaseChans rebases a callee's channel paths onto the caller's frame.
func (c *checker) rebaseChans(paths []string, args, bindings []ssa.Value) []string {
	var out []string
	for _, p := range paths {
		if r := c.rebaseChan(p, args, bindings); r != "" {
			out = union(out, []string{r})
		}
	}
	return out
}

// chanPath returns the path of the variable holding the channel ch, as
// pathOf does; a channel loaded through a variable that function
// literals capture but never reassign is named through what the variable
// holds, as a lock is (capturedOnce): cleanup's close(cc.readerDone),
// where a timer's callback captures cc, closes the channel its callers
// name cc.readerDone.
func (c *checker) chanPath(ch ssa.Value) string {
	p := c.pathOf(ch)
	if p != "" && !isLocal(p) {
		return p
	}
	if q := c.lockPath(ch); q != "" && !isLocal(q) && !strings.HasPrefix(q, "r:") {
		return q
	}
	return p
}

// rebaseChan rebases a callee's channel path onto the caller's frame,
// through a helper allocation's set-once field where the path is the
// helper's (helperfields.go).
func (c *checker) rebaseChan(p string, args, bindings []ssa.Value) string {
	r := c.rebase(p, args, bindings)
	if r == "" || isLocal(r) {
		if h := c.rebaseThroughHelper(p, args, bindings, false); h != "" {
			return h
		}
	}
	return r
}

// nonLocal returns the paths of ps a caller can name.
func nonLocal(ps []string) []string {
	var out []string
	for _, p := range ps {
		if !isLocal(p) {
			out = append(out, p)
		}
	}
	return out
}

// closesAfter returns, for each instruction of fi's function, the
// channels closed on every path from just after it to a return, and the
// channels closed on every path from the function's entry. A deferred
// close counts at the returns its defer statement dominates; a call
// counts with what its callee closes on every path (Summary.Closes).
// Paths that end in a panic or never return close everything vacuously.
func (c *checker) closesAfter(fi *funcInfo) (map[ssa.Instruction][]string, []string) {
	if c.model.Strict {
		return nil, nil
	}
	fn := fi.fn
	ops := make(map[ssa.Instruction][]string)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if cs := c.closedBy(fn, instr); len(cs) > 0 {
				ops[instr] = cs
			}
		}
	}
	if len(ops) == 0 {
		return nil, nil
	}
	return mustAfter(fn, ops, nilParamEdges(fn, ops))
}

// nilParamEdges returns, for each edge of fn taken where a parameter is
// nil into a block that only returns (if p == nil { return }, the
// nil-receiver guard of a Done wrapper),
// the operations of ops on channels under that parameter: a path on which
// p is nil has no p.done to close, so it closes it vacuously, and the
// callee closes p.done on every path on which there is one.
func nilParamEdges(fn *ssa.Function, ops map[ssa.Instruction][]string) map[cfgEdge][]string {
	var out map[cfgEdge][]string
	for _, b := range fn.Blocks {
		v, negated := condOf(b)
		x, nilSucc, ok := nilCompared(v)
		if !ok {
			continue
		}
		p, isParam := x.(*ssa.Parameter)
		if !isParam {
			continue
		}
		root := paramRoot(slices.Index(fn.Params, p))
		var under []string
		for _, cs := range ops {
			for _, ch := range cs {
				if _, rest := pseudoPrefix(ch); strings.HasPrefix(rest, root) {
					under = union(under, []string{ch})
				}
			}
		}
		if len(under) == 0 {
			continue
		}
		if negated {
			nilSucc = 1 - nilSucc
		}
		if !returnsOnly(b.Succs[nilSucc]) {
			continue // what the nil branch does is ordered by no close
		}
		if out == nil {
			out = make(map[cfgEdge][]string)
		}
		e := cfgEdge{b, b.Succs[nilSucc]}
		out[e] = union(out[e], under)
	}
	return out
}

// mustAfter is the backward must-analysis of closesAfter over the
// operations ops of fn's instructions and edgeOps of its edges (a case of
// a select, which runs its operation only on the edge into its body): it
// returns, for each instruction, the operations made on every path from
// just after it to a return, and those made on every path from the
// function's entry. Paths that end in a panic or never return make every
// operation vacuously.
func mustAfter(fn *ssa.Function, ops map[ssa.Instruction][]string, edgeOps map[cfgEdge][]string) (map[ssa.Instruction][]string, []string) {
	// in[b] is what every path from b's start makes; nil with top[b] is
	// "everything" (not yet known).
	n := len(fn.Blocks)
	in := make([][]string, n)
	top := make([]bool, n)
	for i := range top {
		top[i] = true
	}
	outOf := func(b *ssa.BasicBlock) ([]string, bool) {
		if len(b.Succs) == 0 {
			_, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			return nil, !ret // a panic or an endless block: vacuous
		}
		var out []string
		isTop := true
		for _, s := range b.Succs {
			if top[s.Index] {
				continue
			}
			via := in[s.Index]
			if e := edgeOps[cfgEdge{b, s}]; len(e) > 0 {
				via = union(via, e)
			}
			if isTop {
				out, isTop = via, false
			} else {
				out = intersect(out, via)
			}
		}
		return out, isTop
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			if len(b.Instrs) == 0 {
				continue
			}
			out, isTop := outOf(b)
			if isTop {
				continue
			}
			for _, instr := range b.Instrs {
				out = union(out, ops[instr])
			}
			if top[i] || !slices.Equal(out, in[i]) {
				in[i], top[i] = out, false
				changed = true
			}
		}
	}
	after := make(map[ssa.Instruction][]string)
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		cur, isTop := outOf(b)
		for i := len(b.Instrs) - 1; i >= 0; i-- {
			instr := b.Instrs[i]
			if !isTop && len(cur) > 0 {
				after[instr] = cur
			}
			cur = union(cur, ops[instr])
		}
	}
	if len(fn.Blocks) == 0 || top[0] {
		return after, nil
	}
	return after, in[0]
}

// returnsOnly reports whether b does nothing but return.
func returnsOnly(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		switch instr.(type) {
		case *ssa.Return, *ssa.DebugRef:
		default:
			return false
		}
	}
	return len(b.Instrs) > 0
}

// closedBy returns the channels instr closes in fn, by the paths of the
// variables holding them: a close, a call whose callee closes them on
// every path, and at a RunDefers the deferred ones of such calls whose
// defer statements dominate it.
func (c *checker) closedBy(fn *ssa.Function, instr ssa.Instruction) []string {
	switch i := instr.(type) {
	case *ssa.Call:
		if ch := c.countdownCloses(i); ch != "" {
			return []string{ch} // countdown.go
		}
		return c.callCloses(&i.Call)
	case *ssa.RunDefers:
		var out []string
		for _, b := range fn.Blocks {
			if !b.Dominates(i.Block()) {
				continue
			}
			for _, d := range b.Instrs {
				if d, ok := d.(*ssa.Defer); ok && (b != i.Block() || slices.Index(b.Instrs, ssa.Instruction(d)) < slices.Index(b.Instrs, instr)) {
					out = union(out, c.callCloses(&d.Call))
				}
			}
		}
		return out
	}
	return nil
}

// callCloses returns the channels a call closes on every path, and the
// wait group a wg.Done() signals (named like a lock, as waited names it).
func (c *checker) callCloses(call *ssa.CallCommon) []string {
	if rc, ok := c.model.Resolve(call); ok && rc.Recv != nil {
		if _, ok := rc.Row(model.Done); ok {
			if p := c.lockPath(rc.Recv); p != "" {
				return []string{p}
			}
			return nil
		}
	}
	if b, ok := call.Value.(*ssa.Builtin); ok {
		if b.Name() == "close" && len(call.Args) == 1 {
			if p := c.chanPath(call.Args[0]); p != "" {
				return []string{p}
			}
		}
		return nil
	}
	callee, bindings := staticCallee(call)
	if callee == nil {
		return nil
	}
	sum := c.calleeSummary(callee)
	if sum == nil {
		return nil
	}
	return c.rebaseChans(sum.Closes, call.Args, bindings)
}
