// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file makes a call of a helper that receives n times from its
// channel parameter (model.CountedWait: yamux's
// drainErrorsUntil(t, errCh, 2, …)) a join of the goroutines that send
// on the channel, when the count is at least their number (default
// reading only):
//
//	errCh := make(chan error, 2)
//	go func() { a, err = open(); errCh <- err }()
//	go func() { …; errCh <- nil }()
//	drainErrorsUntil(t, errCh, 2, time.Second, "timeout")
//	_ = a
//
// The call returns only after n receives from the channel, each of which
// takes a distinct send. If nothing but k ≤ n goroutine instances can
// send on it, each at most once, and nothing closes it, then every one of
// them has sent (k = n; if k < n the call never returns), and what each
// did before its send happens before what follows the call (the Go
// memory model); what a goroutine does after its send still runs
// (receiveEffect's tail), and a goroutine that does not send on the
// channel is not waited for. So (chanSenders) the channel must be made in
// the spawner, outside any loop, in a register or in a local variable
// stored once; before the call, the spawner may only receive from it,
// take its len or cap, or hand it to goroutines it starts (as an
// argument, or captured by the literal it starts); each such goroutine's
// own body only sends on it (at most once per run: no send on a cycle,
// none reachable from another) or receives from it. A goroutine that
// hands the channel on, closes it, or stores to the variable, and a send
// by the spawner before the call, defeat the rule. k counts the go
// statements outside loops, and those of a counted loop by its trip
// count; n is a constant argument (or cap of a channel made with a
// constant size), or the same bound as that loop's.

// countedCall returns the channel of a call of instr that waits, by its
// callee's counted receive loop, for every goroutine of sp's spawner that
// sends on it, sp included; else nil. The goroutines that send are
// started outside any loop, and are at most as many as the receives (a
// constant count, or cap of a channel made with a constant size); or they
// are started by one go statement in a counted loop that does not hold
// the call, whose trip count is the call's (the same bound, or equal
// constants).
func (c *checker) countedCall(sp *spawn, instr ssa.Instruction) ssa.Value {
	call, ok := instr.(*ssa.Call)
	if !ok || c.model.Strict {
		return nil
	}
	ch, need := c.model.CountedReceives(call.Common())
	if ch == nil {
		return nil
	}
	senders, ok := c.chanSenders(sp, ch, []ssa.Instruction{instr}, true)
	if !ok {
		return nil
	}
	var outside int64
	var loop *model.CountedLoop
	looped := 0
	for _, g := range senders {
		if !c.inLoop(g) {
			outside++
			continue
		}
		in := c.countedLoopOf(g.Block())
		if in == nil || in.Contains(instr.Block()) || in.Header == instr.Block() || (loop != nil && loop.Header != in.Header) {
			return nil
		}
		loop = in
		looped++
	}
	n, known := need.Trips()
	switch {
	case loop == nil:
		ok = known && outside <= n
	case known:
		m, ok2 := loop.Trips()
		ok = ok2 && outside+m*int64(looped) <= n
	default:
		ok = outside == 0 && looped == 1 && loop.SameTrips(need)
	}
	if !ok {
		return nil
	}
	return ch
}

// countedLoopOf returns the one counted loop of b's function that holds
// b, or nil if there is none or more than one (nested loops).
func (c *checker) countedLoopOf(b *ssa.BasicBlock) *model.CountedLoop {
	var in *model.CountedLoop
	for _, h := range b.Parent().Blocks {
		if l := model.CountedLoopAt(h); l != nil && l.Contains(b) {
			if in != nil {
				return nil
			}
			in = l
		}
	}
	return in
}

// chanSenders checks that the only sends on the channel ch of sp's
// spawner are those of goroutines the spawner starts, sp among them, at
// most one per run of each, and that nothing closes it; it returns the
// go statements whose goroutine sends on it. The channel must
// be made in the spawner, outside any loop, in a register or in a local
// variable stored once; before the waits (the receives or the call that
// wait, which may use it), the spawner may only receive from it, take its
// len or cap, or hand it to a goroutine it starts (as an argument, or
// captured by the literal the go statement starts), outside any loop
// unless looped (the caller then counts the instances), whose own body
// only sends on it, at most once, and receives from it. A use from which
// no path reaches a wait (a send, a close, a literal that captures the
// channel, made after the waits) cannot complete them, nor can a deferred
// call (defer close(ch)), which runs when the spawner returns or unwinds.
func (c *checker) chanSenders(sp *spawn, ch ssa.Value, waits []ssa.Instruction, looped bool) ([]*ssa.Go, bool) {
	fn := sp.parent.fn
	var chans []ssa.Value // the spawner's values of the channel
	var alloc *ssa.Alloc  // the local variable that holds it, if any
	switch x := ssaops.Unconverted(ch).(type) {
	case *ssa.MakeChan:
		if x.Parent() != fn || c.inLoop(x) {
			return nil, false
		}
		chans = append(chans, x)
	case *ssa.UnOp:
		a, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL || a.Parent() != fn || !c.madeOnce(a) {
			return nil, false
		}
		alloc = a
		for _, ref := range *a.Referrers() {
			if ld, ok := ref.(*ssa.UnOp); ok && ld.Op == token.MUL {
				chans = append(chans, ld)
			}
		}
	default:
		return nil, false
	}
	var senders []*ssa.Go
	spSeen := false
	// goStarts checks a go statement that hands the goroutine the channel
	// as vals (a parameter, or the loads of a captured variable), and
	// counts it if the goroutine sends on it.
	goStarts := func(g *ssa.Go, vals []ssa.Value) bool {
		if c.inLoop(g) && !looped {
			return false
		}
		// Its own body only receives and sends at most once.
		ops, ok := c.sendOpsOn(vals, true)
		if !ok {
			return false
		}
		if len(ops) > 0 {
			senders = append(senders, g)
			spSeen = spSeen || g == sp.instr
		}
		return true
	}
	beforeWait := func(ref ssa.Instruction) bool {
		for _, w := range waits {
			if ssaops.ReachesAvoiding(ref, w, func(ssa.Instruction) bool { return false }) {
				return true
			}
		}
		return false
	}
	ok := true
	for _, x := range chans {
		ssaops.ForUses(x, func(x ssa.Value, ref ssa.Instruction) {
			if !ok || slices.Contains(waits, ref) || !beforeWait(ref) {
				return
			}
			switch r := ref.(type) {
			case *ssa.UnOp:
				ok = r.Op == token.ARROW
			case *ssa.Select:
				for _, st := range r.States {
					if st.Chan == x && st.Dir != types.RecvOnly {
						ok = false
					}
				}
			case *ssa.DebugRef:
			case *ssa.Defer:
				// runs when the spawner returns or unwinds: after the
				// waits, or instead of their completing
			case *ssa.Call:
				if b, isB := r.Call.Value.(*ssa.Builtin); isB && (b.Name() == "len" || b.Name() == "cap") {
					return
				}
				ok = false
			case *ssa.Go:
				callee := r.Call.StaticCallee()
				if callee == nil || r.Call.IsInvoke() || callee.Blocks == nil {
					ok = false
					return
				}
				var vals []ssa.Value
				for i, a := range r.Call.Args {
					if a == x && i < len(callee.Params) {
						vals = append(vals, callee.Params[i])
					}
				}
				ok = len(vals) > 0 && goStarts(r, vals)
			default:
				ok = false
			}
		})
	}
	if alloc != nil {
		for _, ref := range *alloc.Referrers() {
			if !ok {
				break
			}
			switch r := ref.(type) {
			case *ssa.Store, *ssa.DebugRef:
				// the one store of madeOnce
			case *ssa.UnOp:
				ok = r.Op == token.MUL
			case *ssa.MakeClosure:
				ok = !beforeWait(r) || deferredOnly(r) || c.startsCapturing(r, alloc, goStarts)
			default:
				ok = false
			}
		}
	}
	return senders, ok && spSeen
}

// madeOnce reports whether the local variable a is stored to once, with
// a channel made outside any loop, in a's function, which nothing else
// uses.
func (c *checker) madeOnce(a *ssa.Alloc) bool {
	stores := 0
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok {
			continue
		}
		m, ok := st.Val.(*ssa.MakeChan)
		if st.Addr != a || !ok || c.inLoop(st) || c.inLoop(m) {
			return false
		}
		for _, r := range *m.Referrers() {
			if _, dbg := r.(*ssa.DebugRef); r != st && !dbg {
				return false // used before it is stored
			}
		}
		stores++
	}
	return stores == 1
}

// deferredOnly reports whether the closure made by mc is only deferred:
// it runs when its maker returns or unwinds.
func deferredOnly(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		d, ok := ref.(*ssa.Defer)
		if !ok || d.Call.Value != mc || slices.Contains(d.Call.Args, ssa.Value(mc)) {
			return false
		}
	}
	return true
}

// startsCapturing checks a closure that captures the channel's variable
// a: it must be started at once by a go statement, and only load the
// variable (goStarts checks what it does with the channel).
func (c *checker) startsCapturing(mc *ssa.MakeClosure, a *ssa.Alloc, goStarts func(*ssa.Go, []ssa.Value) bool) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	refs := mc.Referrers()
	if !ok || fn.Blocks == nil || refs == nil || len(*refs) != 1 {
		return false
	}
	g, ok := (*refs)[0].(*ssa.Go)
	if !ok || g.Call.Value != mc {
		return false
	}
	var vals []ssa.Value
	for i, b := range mc.Bindings {
		if b != a || i >= len(fn.FreeVars) {
			continue
		}
		for _, ref := range *fn.FreeVars[i].Referrers() {
			switch r := ref.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
				vals = append(vals, r)
			case *ssa.DebugRef:
			default:
				return false // a store, or a capture by another closure
			}
		}
	}
	return goStarts(g, vals)
}
