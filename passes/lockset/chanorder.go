// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file decides where a goroutine may still run while the function
// that started it goes on: from the go statement until a join. A join is
// the model's (model.IsJoin: wg.Wait, a receive from a related channel, a
// select all of whose cases are such receives), refined by what the
// goroutine's own body does with the channel:
//
//   - a send or a close of a channel happens before the receive it
//     completes, so after the spawner's receive only the goroutine's
//     accesses that may follow one of its sends or closes of that channel
//     still run (the tail); a goroutine that writes after signalling
//     still races;
//   - on an unbuffered channel, a receive happens before the send it
//     completes, so the spawner's send is a join of the goroutine's
//     accesses that cannot follow one of its receives from the channel
//     (stop <- struct{}{} to a goroutine that returns when it gets it);
//   - a counted loop of such joins (for i := 0; i < n; i++ { <-done })
//     runs at least once when there is a goroutine to wait for: it waits
//     for all the goroutines that signal on the channel when its trip
//     count is at least their number (equal constants, or the bound of
//     the loop that started them), and nothing else can complete its
//     receives: each goroutine sends at most once, nothing closes the
//     channel, and the spawner sends on it or hands it on only after the
//     loop (chanSenders);
//   - so does a call of a helper that receives from the channel a
//     constant number of times at least (countedcall.go).
//
// A receive-type join of a channel on which the goroutine's own body is
// not seen to signal (the send is in a callee) stays a join of the whole
// goroutine, as before.

// Liveness levels of a goroutine at a point of its spawner.
const (
	joined    uint8 = iota // not started yet, or waited for
	signalled              // only its accesses after a signal may still run
	running
)

// A liveness says where a goroutine may run concurrently with the
// function that started it.
type liveness struct {
	level map[ssa.Instruction]uint8 // level before each instruction; absent is joined
	tail  []Access                  // the goroutine's accesses after its signals, in the spawner's frame
}

// A signal is an operation of a goroutine's own body on a channel that
// its spawner can name.
type signal struct {
	instr ssa.Instruction
	key   any  // the channel, as chanKey names it in the spawner's frame
	recv  bool // a receive; else a send or a close
	close bool // a close
	// from is, for a case of a select, the block the case runs; the
	// accesses after the signal are those reachable from it.
	from *ssa.BasicBlock
}

// A joinEffect is what an instruction of the spawner does to the
// goroutine's level.
type joinEffect struct {
	level uint8        // the level after the instruction, at most
	chans []ssa.Value  // the channels it waits on (for counted loops)
	tail  map[int]bool // the goroutine's sites still running after it
	// counted marks a call that waits for every goroutine that sends on
	// its channel (countedCall): no other goroutine can complete it.
	counted bool
}

// liveness computes where the goroutine of sp may run; siblings are the
// spawns of the same function (for the count of a receive loop).
func (c *checker) liveness(sp *spawn, siblings []*spawn) *liveness {
	fn := sp.parent.fn
	related := c.related(sp)
	sigs := c.goSignals(sp)
	gi := c.full(sp.callee)

	effects := make(map[ssa.Instruction]*joinEffect)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if e := c.joinEffectAt(sp, instr, related, sigs, gi); e != nil {
				effects[instr] = e
			}
		}
	}
	// A case of a select that receives from a related channel is a join
	// on entry to the block that runs it, even when other cases are not
	// (select { case <-done: case <-time.After(d): t.Fatal() }).
	caseEffects := make(map[cfgEdge]*joinEffect)
	for _, b := range fn.Blocks {
		for _, succ := range b.Succs {
			if ch := model.CaseReceive(b, succ); ch != nil && related(ch) {
				caseEffects[cfgEdge{b, succ}] = c.receiveEffect([]ssa.Value{ch}, true, sigs, gi)
			}
		}
	}
	waitAll := make(map[*ssa.BasicBlock]bool) // counted loops that wait for every instance
	var waitLoops []*model.CountedLoop
	if len(effects) > 0 {
		for _, b := range fn.Blocks {
			if l := model.CountedLoopAt(b); l != nil && c.waitsForAll(sp, l, effects, siblings) {
				waitAll[b] = true
				waitLoops = append(waitLoops, l)
			}
		}
	}
	// A wait that another goroutine may complete joins none in
	// particular, unless a counted loop around it waits for them all.
	shared := c.sharedWait(sp, siblings, maps.Clone(effects), maps.Clone(caseEffects))
	inWaitLoop := func(b *ssa.BasicBlock) bool {
		return slices.ContainsFunc(waitLoops, func(l *model.CountedLoop) bool { return l.Contains(b) })
	}
	for instr, e := range effects {
		if e.chans != nil && !e.counted && shared(instr, e.chans) && !inWaitLoop(instr.Block()) {
			delete(effects, instr)
		}
	}
	for ce, e := range caseEffects {
		if shared(ce.from.Instrs[len(ce.from.Instrs)-1], e.chans) && !inWaitLoop(ce.from) {
			delete(caseEffects, ce)
		}
	}
	// A receive that finds the channel closed follows the close, whoever
	// else sends on it.
	for ce, e := range c.closeJoins(sp, siblings, sigs, gi) {
		caseEffects[ce] = e
	}

	lv := &liveness{level: make(map[ssa.Instruction]uint8)}
	tail := make(map[int]bool)
	out := make([]uint8, len(fn.Blocks))
	feasible := c.edgesAfter(sp.instr)
	edge := func(p, b *ssa.BasicBlock) uint8 {
		if feasible != nil && !feasible[ssaops.Edge{From: p, To: b}] {
			return joined // no path from the spawn takes it (afterspawn.go)
		}
		if e := caseEffects[cfgEdge{p, b}]; e != nil && out[p.Index] > e.level {
			for i := range e.tail {
				tail[i] = true
			}
			return e.level
		}
		if !waitAll[p] || len(p.Succs) != 2 || p.Succs[1] != b {
			return out[p.Index]
		}
		// Leaving a counted loop that waits for every instance: only
		// after at least one trip.
		var l uint8
		for _, q := range p.Preds {
			if p.Dominates(q) {
				l = max(l, out[q.Index])
			}
		}
		return l
	}
	var unwind uint8 // the highest level at a call that unwinds (t.Fatal)
	// The store of the timer time.AfterFunc returns is before its
	// function runs.
	delayed := c.model.Delayed(sp.instr)
	for changed, iter := true, 0; changed && iter < len(fn.Blocks)+8; iter++ {
		changed = false
		for _, b := range fn.Blocks {
			var cur uint8
			for _, p := range b.Preds {
				cur = max(cur, edge(p, b))
			}
			for _, instr := range b.Instrs {
				if cur > joined && !(delayed && ssaops.StoresResult(instr, sp.instr)) {
					lv.level[instr] = max(lv.level[instr], cur)
				}
				if instr == sp.instr && !sp.parallelSubtest {
					cur = running // a parallel subtest starts after fn returns
				} else if e := effects[instr]; e != nil && cur > e.level {
					cur = e.level
					for i := range e.tail {
						tail[i] = true
					}
				} else if exits, defers := c.model.Exits(instr); exits {
					if defers {
						unwind = max(unwind, cur) // the deferred calls run now
					}
					cur = joined // nothing after it runs
				}
			}
			if cur != out[b.Index] {
				out[b.Index] = cur
				changed = true
			}
		}
	}
	if unwind > joined {
		// A call that unwinds the goroutine runs the deferred calls,
		// which the SSA form places at the returns only.
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if _, ok := instr.(*ssa.RunDefers); ok {
					lv.level[instr] = max(lv.level[instr], unwind)
				}
			}
		}
	}
	if len(tail) > 0 && gi != nil {
		lv.tail = c.tailAccesses(sp, gi, tail)
	}
	return lv
}

// A cfgEdge is an edge of a function's control-flow graph.
type cfgEdge struct{ from, to *ssa.BasicBlock }

// closeJoins returns what the edges of the spawner taken only once a
// channel is closed do to sp: the exits of ranges over the channel, the
// !ok branches of comma-ok receives from it, and the exits of the merge
// idiom's loops (closedEdges). If a sibling goroutine
// closes the channel, on every path, after waiting for sp, the edge joins
// sp: the fan-in idiom
//
//	go func() { wg.Wait(); close(out) }()
//	for v := range out { … }
//
// whose range ends only after every goroutine wg waits for. If sp closes
// the channel itself, only what it does after a signal on the channel
// still runs (receiveEffect).
func (c *checker) closeJoins(sp *spawn, siblings []*spawn, sigs []signal, gi *funcInfo) map[cfgEdge]*joinEffect {
	closed := c.closedEdgesOf(sp.parent.fn) // nilchans.go
	if len(closed) == 0 {
		return nil
	}
	var waited []any // what sp is related to, named in the spawner's frame
	for _, v := range slices.Concat(sp.args, sp.bindings, []ssa.Value{sp.group}) {
		if v != nil {
			waited = append(waited, c.chanKey(v))
		}
	}
	if len(waited) == 0 {
		return nil
	}
	keys := make(map[any]bool) // channels closed only after waiting for sp
	for _, o := range siblings {
		if o == sp || o.callee == nil || o.callee.Blocks == nil {
			continue
		}
		waitsForSp := func(v ssa.Value) bool {
			k := c.goChanKey(o, v)
			return k != nil && slices.Contains(waited, k)
		}
		var waits []ssa.Instruction
		closes := make(map[any][]ssa.Instruction)
		for _, b := range o.callee.Blocks {
			for _, instr := range b.Instrs {
				if ch := closedChan(instr); ch != nil {
					if k := c.goChanKey(o, ch); k != nil {
						closes[k] = append(closes[k], instr)
					}
					continue
				}
				if _, ok := instr.(*ssa.Call); ok && c.model.IsJoin(instr, waitsForSp) {
					waits = append(waits, instr)
				}
			}
		}
		for k, cls := range closes {
			if len(waits) > 0 && !slices.ContainsFunc(cls, func(cl ssa.Instruction) bool { return !afterAny(waits, cl) }) {
				keys[k] = true
			}
		}
	}
	edges := make(map[cfgEdge]*joinEffect)
	for _, ce := range closed {
		k := c.chanKey(ce.ch)
		switch {
		case keys[k]:
			edges[ce.edge] = &joinEffect{level: joined}
		case slices.ContainsFunc(sigs, func(sg signal) bool { return sg.close && sg.key == k }):
			// sp closes it itself (goSignals)
			edges[ce.edge] = c.receiveEffect([]ssa.Value{ce.ch}, true, sigs, gi)
		}
	}
	return edges
}

// closedChan returns the channel instr closes, if it is a call of close.
func closedChan(instr ssa.Instruction) ssa.Value {
	if call, ok := instr.(*ssa.Call); ok {
		return ssaops.ClosedChan(&call.Call)
	}
	return nil
}

// afterAny reports whether one of waits comes before instr on every path
// to it: its block dominates instr's, and precedes instr within it.
func afterAny(waits []ssa.Instruction, instr ssa.Instruction) bool {
	for _, w := range waits {
		if ssaops.Precedes(w, instr) {
			return true
		}
	}
	return false
}

// sharedWait returns whether a wait of the spawner at instr on chans may
// be completed by a goroutine other than the instance of sp that the
// wait follows: a receive takes one send, and a send on an unbuffered
// channel one receive, whichever goroutine makes it. That is so when sp
// starts an instance on each trip of a loop and the wait does not follow
// its go statement in the same block (a receive after the loop that
// started them takes one of their sends), or when a sibling spawn related
// to one of the channels may still run: some path from its go statement
// reaches the wait without another wait on its channels in between (go
// a(); go b(); <-done, and also if c { go b() }; <-done). Such a wait is a join
// only inside a counted loop that waits for every instance (waitsForAll).
// waits are the spawner's waits on channels, and cases the select cases
// that receive from one: a select whose every case either receives from
// a sibling's channel or ends the goroutine (case <-time.After(d):
// t.Fatal(…)) waits for it too (selectWaits).
func (c *checker) sharedWait(sp *spawn, siblings []*spawn, waits map[ssa.Instruction]*joinEffect, cases map[cfgEdge]*joinEffect) func(instr ssa.Instruction, chans []ssa.Value) bool {
	looped := c.inLoop(sp.instr)
	var others []*spawn
	var rels []func(ssa.Value) bool
	for _, o := range siblings {
		if o != sp && o.instr != sp.instr {
			others = append(others, o)
			rels = append(rels, c.related(o))
		}
	}
	return func(instr ssa.Instruction, chans []ssa.Value) bool {
		if looped && !(sp.instr.Block() == instr.Block() && ssaops.Precedes(sp.instr, instr)) {
			return true
		}
		for k, o := range others {
			if !slices.ContainsFunc(chans, rels[k]) {
				continue
			}
			// A path from its go statement to instr with no wait on
			// its channels in between.
			waitsOn := func(w ssa.Instruction) bool {
				if sel, ok := w.(*ssa.Select); ok && c.selectWaits(sel, cases, rels[k]) {
					return true
				}
				e := waits[w]
				return e != nil && e.chans != nil && slices.ContainsFunc(e.chans, rels[k])
			}
			if ssaops.ReachesAvoiding(o.instr, instr, waitsOn) {
				return true
			}
		}
		return false
	}
}

// selectWaits reports whether the blocking select sel goes on only
// through a case that receives from a channel rel accepts (a join in
// cases) or through none: each other case ends the goroutine (exitsFrom).
func (c *checker) selectWaits(sel *ssa.Select, cases map[cfgEdge]*joinEffect, rel func(ssa.Value) bool) bool {
	if !sel.Blocking {
		return false
	}
	joins := false
	for j, st := range sel.States {
		b := model.SelectCase(sel, j)
		if b == nil {
			return false
		}
		if st.Dir == types.RecvOnly && rel(st.Chan) && slices.ContainsFunc(b.Preds, func(p *ssa.BasicBlock) bool { return cases[cfgEdge{p, b}] != nil }) {
			joins = true
			continue
		}
		if !c.exitsFrom(b) {
			return false
		}
	}
	return joins
}

// exitsFrom reports whether every path from the start of b reaches a
// call that never returns (t.Fatal, require.Fail) through blocks that
// only jump on, at most a few.
func (c *checker) exitsFrom(b *ssa.BasicBlock) bool {
	for range 4 {
		for _, instr := range b.Instrs {
			if exits, _ := c.model.Exits(instr); exits {
				return true
			}
		}
		if len(b.Succs) != 1 || len(b.Succs[0].Preds) != 1 {
			return false
		}
		b = b.Succs[0]
	}
	return false
}

// tailAccesses rebases the goroutine's sites in tail onto the spawner's
// frame, as its body is (see spawns).
func (c *checker) tailAccesses(sp *spawn, gi *funcInfo, tail map[int]bool) []Access {
	sum := &Summary{}
	seen := make(map[string]bool)
	for i, s := range gi.sites {
		if !tail[i] || isLocal(s.acc.Path) || len(sum.Accesses) >= maxSummary {
			continue
		}
		if k := s.acc.key(); !seen[k] {
			seen[k] = true
			sum.Accesses = append(sum.Accesses, s.acc)
		}
	}
	return c.goAccesses(sp, sp.handed, sum)
}

// joinEffectAt returns what instr, in the spawner, does to the liveness
// of the goroutine of sp, or nil if it does not wait for it.
func (c *checker) joinEffectAt(sp *spawn, instr ssa.Instruction, related func(ssa.Value) bool, sigs []signal, gi *funcInfo) *joinEffect {
	var chans []ssa.Value
	recv := true // the spawner receives; the goroutine's sends and closes signal
	switch i := instr.(type) {
	case *ssa.Send:
		if c.model.Strict || !related(i.Chan) || !unbuffered(i.Chan) {
			return nil
		}
		chans, recv = []ssa.Value{i.Chan}, false
	default:
		if !c.model.IsJoin(instr, related) {
			if ch := c.countedCall(sp, instr); ch != nil && related(ch) {
				e := c.receiveEffect([]ssa.Value{ch}, true, sigs, gi)
				e.counted = true
				return e
			}
			return nil
		}
		switch i := instr.(type) {
		case *ssa.UnOp:
			chans = []ssa.Value{i.X}
		case *ssa.Select:
			for _, st := range i.States {
				chans = append(chans, st.Chan)
			}
		default:
			wg := c.waitedCounter(instr)
			if wg == nil {
				return &joinEffect{level: joined}
			}
			if c.selfCountedWait(sp, wg) {
				return nil // the goroutine's own Add may follow it (selfcounted.go)
			}
			// wg.Wait: what the goroutine does after its own Done
			// still runs (waitgroup.go). Other goroutines' Done calls
			// do not make the wait any less a join of this one, so
			// the effect names no channel for sharedWait.
			e := c.receiveEffect([]ssa.Value{wg}, true, sigs, gi)
			e.chans = nil
			return e
		}
	}
	return c.receiveEffect(chans, recv, sigs, gi)
}

// receiveEffect is the effect of waiting on chans (receiving from them if
// recv, else sending on them): the goroutine's accesses that may follow
// its matching signals still run, or nil for a send that the goroutine
// is not seen to receive.
func (c *checker) receiveEffect(chans []ssa.Value, recv bool, sigs []signal, gi *funcInfo) *joinEffect {
	e := &joinEffect{level: joined, chans: chans, tail: make(map[int]bool)}
	matched := false
	for _, ch := range chans {
		key := c.chanKey(ch)
		for _, sg := range sigs {
			// The spawner's receive pairs with the goroutine's send or
			// close; its send with the goroutine's receive.
			if sg.key != key || sg.recv == recv {
				continue
			}
			matched = true
			for j := range after(gi, sg) {
				e.tail[j] = true
			}
		}
	}
	if !matched && !recv {
		return nil // a send the goroutine is not seen to receive
	}
	if len(e.tail) > 0 {
		e.level = signalled
	}
	return e
}

// after returns the indexes of the sites of gi that may run after sg.
func after(gi *funcInfo, sg signal) map[int]bool {
	reach := make(map[*ssa.BasicBlock]bool)
	var work []*ssa.BasicBlock
	if sg.from != nil {
		reach[sg.from] = true
		work = append(work, sg.from)
	} else {
		work = append(work, sg.instr.Block().Succs...)
		for _, s := range work {
			reach[s] = true
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range b.Succs {
			if !reach[s] {
				reach[s] = true
				work = append(work, s)
			}
		}
	}
	pos := -1 // index of sg.instr in its block, for the instructions after it
	if sg.from == nil {
		for i, instr := range sg.instr.Block().Instrs {
			if instr == sg.instr {
				pos = i
			}
		}
	}
	out := make(map[int]bool)
	for i, s := range gi.sites {
		b := s.instr.Block()
		if b == nil {
			continue
		}
		if reach[b] {
			out[i] = true
			continue
		}
		if pos >= 0 && b == sg.instr.Block() {
			for k := pos + 1; k < len(b.Instrs); k++ {
				if b.Instrs[k] == s.instr {
					out[i] = true
				}
			}
		}
	}
	return out
}

// goSignals returns the channel operations of the goroutine's own body
// whose channel the spawner can name.
func (c *checker) goSignals(sp *spawn) []signal {
	fn := sp.callee
	if fn == nil || fn.Blocks == nil {
		return nil
	}
	var out []signal
	add := func(instr ssa.Instruction, ch ssa.Value, recv bool, from *ssa.BasicBlock) {
		if k := c.goChanKey(sp, ch); k != nil {
			out = append(out, signal{instr: instr, key: k, recv: recv, close: closedChan(instr) != nil, from: from})
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.Send:
				add(i, i.Chan, false, nil)
			case *ssa.UnOp:
				if i.Op == token.ARROW {
					add(i, i.X, true, nil)
				}
			case *ssa.Call:
				if ch := closedChan(i); ch != nil {
					add(i, ch, false, nil)
				} else if wg := c.doneSignal(i); wg != nil {
					add(i, wg, false, nil)
				}
			case *ssa.Select:
				for j, st := range i.States {
					add(i, st.Chan, st.Dir == types.RecvOnly, model.SelectCase(i, j))
				}
			}
		}
	}
	return out
}

// chanKey names a channel value of the spawner's frame: the location it
// was loaded from, or the value itself (a channel made in a register).
func (c *checker) chanKey(v ssa.Value) any {
	for range 8 {
		if p := c.pathOf(v); p != "" {
			return p
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			break
		}
		x, ok := ssaops.Alias(instr)
		if !ok {
			break
		}
		v = x
	}
	return v
}

// goChanKey names a channel of the goroutine's frame in the spawner's,
// as chanKey would, or returns nil.
func (c *checker) goChanKey(sp *spawn, v ssa.Value) any {
	p := c.pathOf(v)
	if p == "" {
		return nil
	}
	root, sel := splitPath(p)
	if sel == "" && (root[0] == 'p' || root[0] == 'f') {
		// The argument or the captured variable itself.
		i := -1
		vals := sp.args
		if root[0] == 'f' {
			vals = sp.bindings
		}
		for k := range vals {
			if root == paramRoot(k) || root == freeRoot(k) {
				i = k
			}
		}
		if i < 0 {
			return nil
		}
		return c.chanKey(vals[i])
	}
	if r := c.rebase(p, sp.args, sp.bindings); r != "" {
		return r
	}
	return nil
}

// unbuffered reports whether the channel v is made without a buffer: a
// send on it completes only once a receiver has it.
func unbuffered(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeChan:
		k, ok := v.Size.(*ssa.Const)
		return ok && k.Value != nil && k.Int64() == 0
	case *ssa.UnOp:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL {
			return false
		}
		stores := 0
		for _, ref := range *alloc.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr != alloc || !unbuffered(r.Val) {
					return false
				}
				stores++
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.MakeClosure:
				// captured: the closure may store to it too
				if closureStores(r, alloc) {
					return false
				}
			default:
				return false
			}
		}
		return stores > 0
	}
	return false
}

// closureStores reports whether the closure made by mc may store to its
// binding alloc.
func closureStores(mc *ssa.MakeClosure, alloc *ssa.Alloc) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return true
	}
	for i, b := range mc.Bindings {
		if b != alloc || i >= len(fn.FreeVars) {
			continue
		}
		for _, ref := range *fn.FreeVars[i].Referrers() {
			if u, ok := ref.(*ssa.UnOp); !ok || u.Op != token.MUL {
				return true
			}
		}
	}
	return false
}

// waitsForAll reports whether the counted loop l of the spawner waits for
// every goroutine that signals on the channels it waits on: it holds a
// join of sp, the goroutines are started before it, and its trip count is
// at least their number.
func (c *checker) waitsForAll(sp *spawn, l *model.CountedLoop, effects map[ssa.Instruction]*joinEffect, siblings []*spawn) bool {
	if c.model.Strict || l.Contains(sp.instr.Block()) || l.Header == sp.instr.Block() {
		return false
	}
	var chans []ssa.Value
	var waits []ssa.Instruction
	for instr, e := range effects {
		if l.Contains(instr.Block()) {
			chans = append(chans, e.chans...)
			waits = append(waits, instr)
		}
	}
	if len(chans) == 0 {
		return false
	}
	// Only the goroutines counted below may complete the waits, each
	// once (chanSenders).
	for _, ch := range chans {
		if _, ok := c.chanSenders(sp, ch, waits, true); !ok {
			return false
		}
	}
	var constant int64
	var counted []*model.CountedLoop
	for _, sp2 := range siblings {
		rel := c.related(sp2)
		waited := false
		for _, ch := range chans {
			waited = waited || rel(ch)
		}
		if !waited {
			continue
		}
		blk := sp2.instr.Block()
		if l.Contains(blk) || blk == l.Header {
			return false
		}
		if !c.inCycle(blk) {
			constant++
			continue
		}
		var in *model.CountedLoop
		for _, b := range blk.Parent().Blocks {
			if gl := model.CountedLoopAt(b); gl != nil && gl.Contains(blk) {
				if in != nil {
					return false // nested: the count is a product
				}
				in = gl
			}
		}
		if in == nil {
			return false // an uncounted loop starts them
		}
		if n, ok := in.Trips(); ok {
			constant += n
		} else {
			counted = append(counted, in)
		}
	}
	if len(counted) == 0 {
		n, ok := l.Trips()
		return ok && n >= constant && n > 0
	}
	return len(counted) == 1 && constant == 0 && counted[0].SameTrips(l)
}
