// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// A walker follows every path from a transfer point to the function's exit
// (condition 3), looking for the first access to transferred memory on
// each path. A path ends at a join: an instruction after which the memory
// is known to be back.
type walker struct {
	c     *checker
	fl    *taint.Flow
	p     transfer.Point
	given []givenValue
	all   taint.ObjSet
	joins *givesup.Joiner
	// written is what the other side may write. A goroutine whose
	// function (by its summary) only reads what it was given races only
	// with writes; whoever receives from a channel may do anything.
	written taint.ObjSet
	// delayed says the transfer is a time.AfterFunc whose returned timer
	// the function may store before the function runs (model.Delayed).
	delayed bool
	// defers says the transferring function defers calls, which a call
	// that unwinds (t.Fatal) still runs.
	defers bool
	// other is, by default for a go statement whose function has a
	// summary, the places the goroutine may read and write (taint.Places):
	// a later access races only with those. Nil means all it reaches.
	other *places
	// keptSafe says that keeping the memory reachable races with no one:
	// the started function only reads places nothing rewrites
	// (checker.keptMayRace), or the value is published to readers
	// (transfer.Point.Publishes).
	keptSafe bool
	// stale holds the values the walk found old where it computed them,
	// on any path: a loop-carried phi, a load of older memory. What they
	// reach may be an earlier iteration's instance of an allocation the
	// path made anew (see renewed).
	stale map[ssa.Value]bool
	// phiAges are the ages the phis of the block being walked take on the
	// edge the path came along, computed together on entering the block
	// (t7 = phi [1: t6, 5: t22, 7: t7] keeps t7's age on the edge from 7).
	phiAges fresh
	// element is the address of an array element the transfer gave up
	// that, computed again later on a path, is another element
	// (elementPerIteration), or nil.
	element ssa.Value
}

// places are the places of a heap an instruction may read and write.
type places struct{ reads, writes taint.LocSet }

// fresh holds, on a path, the values made anew after the transfer point:
// allocations re-executed by a loop denote new memory, and so do values
// derived from them, even though the abstract object is the same.
type fresh map[ssa.Value]age

// An age says how a value's memory relates to what an earlier iteration
// of a loop handed over.
type age uint8

const (
	// oldMemory may be what was handed over (absent from fresh).
	oldMemory age = iota
	// madeMemory is new (allocated, received or returned new by a call
	// on this path); what it points to may be old.
	madeMemory
	// cleanMemory is allocated on this path, and everything stored into
	// it since holds no memory older than the path (see clean.go).
	cleanMemory
	// visitedMemory is a different element of a collection each
	// iteration (a loop indexing a slice or a map by its counter), and so
	// is everything below it: elements are assumed not to share memory.
	visitedMemory
)

func (c *checker) checkAfter(fl *taint.Flow, h taint.Heap, p transfer.Point, given []givenValue, all, written taint.ObjSet, other *places, keptSafe bool) {
	w := &walker{c: c, fl: fl, p: p, given: given, all: all, joins: c.gu.Joiner(fl, h, p), written: written,
		delayed: c.gu.Model.Delayed(p.Instr), defers: hasDefers(p.Instr.Parent()), other: other, keptSafe: keptSafe,
		stale: make(map[ssa.Value]bool), element: elementPerIteration(p)}
	w.run()
}

func (w *walker) run() {
	// States are kept per CFG edge, so that a phi takes the value of the
	// edge the path came along (batch = nil after a send is fresh).
	type edge struct{ from, to *ssa.BasicBlock }
	in := make(map[edge]fresh)
	queue := []edge{{nil, w.p.Instr.Block()}}
	in[queue[0]] = fresh{}
	// A branch that the tests which led to the transfer, or came after
	// it, decided is not taken the other way (ssaops.BranchFacts).
	feasible := w.c.branchFacts.EdgesAfter(w.p.Instr)
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		cur := fresh{}
		for v, a := range in[e] {
			cur[v] = a
		}
		if !w.block(e.to, e.from, cur) {
			continue
		}
		for _, s := range w.p.Successors(e.to) {
			if w.skipsBody(e.from, e.to, s) || feasible != nil && !feasible[ssaops.Edge{From: e.to, To: s}] {
				continue
			}
			next := edge{e.to, s}
			old, seen := in[next]
			if !seen {
				in[next] = cur
				queue = append(queue, next)
				continue
			}
			shrunk := false
			merged := fresh{}
			for v, a := range old {
				if b := min(a, cur[v]); b != oldMemory {
					merged[v] = b
				}
				if cur[v] < a {
					shrunk = true
				}
			}
			if shrunk {
				in[next] = merged
				queue = append(queue, next)
			}
		}
	}
}

// skipsBody reports whether the edge from b to s leaves a counted loop
// headed by b, entered from pred outside it, without running its body: a
// path the loop's count makes infeasible when it runs at least once
// (for i := 0; i < 2; i++ { <-done } always receives).
func (w *walker) skipsBody(pred, b, s *ssa.BasicBlock) bool {
	if pred == nil {
		return false
	}
	l := model.CountedLoopAt(b)
	return l != nil && s == l.Exit && !l.Contains(pred) && l.RunsOnce(w.p.Instr.Block())
}

// block walks b, entered from pred (nil: start after the transfer point),
// and reports whether the path goes on to b's successors.
func (w *walker) block(b, pred *ssa.BasicBlock, cur fresh) bool {
	goOn := true
	started := pred != nil
	predIndex := -1
	for i, p := range b.Preds {
		if p == pred {
			predIndex = i
		}
	}
	if started && w.joins.EntersJoin(pred, b) {
		return false
	}
	w.phiAges = nil
	if predIndex >= 0 {
		for _, instr := range b.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok || predIndex >= len(phi.Edges) {
				break
			}
			if w.phiAges == nil {
				w.phiAges = fresh{}
			}
			w.phiAges[phi] = w.ageOf(phi.Edges[predIndex], cur)
		}
	}
	w.fl.Walk(b, func(instr ssa.Instruction, h taint.Heap) bool {
		if !started {
			started = instr == w.p.Instr
			return true
		}
		if w.joins.IsJoin(instr) {
			goOn = false
			return false
		}
		if w.checkUse(instr, h, cur) {
			goOn = false
			return false
		}
		if exits, defers := w.c.gu.Model.Exits(instr); exits && !(defers && w.defers) {
			// Nothing after it runs (and no deferred call, which the
			// walk would otherwise have to reach from here).
			goOn = false
			return false
		}
		w.renew(instr, predIndex, cur)
		return true
	})
	return goOn
}

// renew records the values instr makes anew.
func (w *walker) renew(instr ssa.Instruction, predIndex int, cur fresh) {
	if w.c.leaveKept {
		w.renewFields(instr, cur)
	}
	w.soil(instr, cur)
	w.renewCells(instr, cur)
	v, ok := instr.(ssa.Value)
	if !ok {
		return
	}
	if x, ok := ssaops.Alias(instr); ok {
		cur[v] = cur[x]
		if cur[v] == oldMemory {
			delete(cur, v)
			w.stale[v] = true
		}
		return
	}
	// A value computed again on this path is what this computation
	// makes of it, not what an earlier iteration's did.
	delete(cur, v)
	switch i := instr.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		cur[v] = cleanMemory
	case *ssa.MakeClosure:
		// A new closure is fresh only if what it captures is.
		all := madeMemory
		for _, b := range i.Bindings {
			if w.ageOf(b, cur) == oldMemory && !isExemptValue(w.fl, b) {
				all = oldMemory
			}
		}
		cur[v] = all
	case *ssa.UnOp:
		if a, ok := cellContent(i, cur); ok {
			// The captured variable was assigned on this path
			// (cells.go).
			cur[v] = a
			break
		}
		if a, ok := w.fieldContent(i, cur); ok {
			// The field was overwritten on this path: the load reads
			// what was stored there (see renewFields).
			cur[v] = a
			break
		}
		// A load from fresh memory reads what this iteration stored there,
		// from a visited element part of that element; a loop visiting a
		// slice reads a different element each time.
		switch {
		case i.Op == token.ARROW:
			cur[v] = madeMemory
		case cur[i.X] != oldMemory:
			cur[v] = cur[i.X]
		case i.Op == token.MUL && visitsElements(i.X):
			cur[v] = visitedMemory
		}
	case *ssa.Lookup:
		// A loop looking a map up by its counter reads a different
		// entry each time.
		if _, isMap := i.X.Type().Underlying().(*types.Map); isMap && loopIndex(i.Index) {
			cur[v] = visitedMemory
		}
	case *ssa.Call:
		if b, ok := i.Call.Value.(*ssa.Builtin); ok {
			if b.Name() == "append" {
				cur[v] = w.appended(i.Call.Args, cur)
			}
		} else if w.madeBy(v, i) {
			cur[v] = madeMemory
		}
	case *ssa.FieldAddr:
		cur[v] = cur[i.X]
	case *ssa.IndexAddr:
		cur[v] = cur[i.X]
		if v == w.element {
			// The next element, which holds no pointers (elements.go).
			cur[v] = cleanMemory
		}
	case *ssa.Convert:
		cur[v] = cur[i.X]
	case *ssa.Select:
		cur[v] = madeMemory
	case *ssa.Phi:
		if predIndex >= 0 && predIndex < len(i.Edges) {
			cur[v] = w.phiAges[v]
		} else {
			all := visitedMemory
			for _, e := range i.Edges {
				all = min(all, w.ageOf(e, cur))
			}
			cur[v] = all
		}
	}
	if cur[v] == oldMemory {
		delete(cur, v)
		w.stale[v] = true
	}
}

// touched returns the transferred objects v's memory overlaps: directly
// the objects v points into, or everything reachable from v.
func (w *walker) touched(v ssa.Value, h taint.Heap, cur fresh, deep bool, at ssa.Instruction) taint.ObjSet {
	var out taint.ObjSet
	keep := func(o taint.ObjID) {
		if w.all.Has(o) {
			out.Add(o)
		}
	}
	if !deep {
		if w.ageOf(v, cur) == oldMemory {
			for _, o := range w.c.typedLocs(w.fl, v) {
				keep(o)
			}
		}
		return out
	}
	if isExemptValue(w.fl, v) {
		return nil
	}
	w.roots(v, h, cur, at).Each(keep)
	return out
}

// below returns the transferred objects of the nearest value that v, an
// address or a map the heap holds no object for, is loaded or addressed
// from (m.In.X, m.Tags[0], m.Hdr[k] after m was received and sent on),
// when that access path (ssaops.WalkPath) starts at a value the transfer
// gave up: the heap does not materialise what memory received or
// returned by a call points to (taint's Flow.load), yet a write through
// it writes memory the given value reaches. A path from another value
// would reach the given memory only through the heap's merging of
// objects, an alias the default reading does not take as evidence.
func (w *walker) below(v ssa.Value, h taint.Heap, cur fresh, at ssa.Instruction) taint.ObjSet {
	if !slices.ContainsFunc(w.p.Given, func(g ssa.Value) bool { return ssaops.PathFrom(v, ssaops.Unconverted(g)) }) {
		return nil
	}
	var found taint.ObjSet
	ssaops.WalkPath(v, 8, func(u ssa.Value) bool {
		if u != v {
			found = w.touched(u, h, cur, false, at)
		}
		return len(found) == 0
	})
	return found
}

// roots returns the memory reachable from v that may predate the current
// iteration: a fresh value's own objects are new, though what they point
// to may not be, and a new closure holds its captures.
func (w *walker) roots(v ssa.Value, h taint.Heap, cur fresh, at ssa.Instruction) taint.ObjSet {
	if mc, ok := v.(*ssa.MakeClosure); ok && cur[v] == oldMemory {
		var out taint.ObjSet
		for _, b := range mc.Bindings {
			w.roots(b, h, cur, at).Each(func(o taint.ObjID) { out.Add(o) })
		}
		return out
	}
	locs := w.fl.Locs(v)
	switch w.ageOf(v, cur) {
	case oldMemory:
		return w.fl.Reach(h, locs, givesup.Opaque)
	case cleanMemory, visitedMemory:
		return nil
	}
	// Made memory holds only what was stored since it was made: objects
	// made anew on this path are new instances there too, and so is what
	// elements visited on it reach.
	renewed := w.renewed(cur, h, w.staleStored(v, cur, at))
	var below taint.LocSet
	for _, l := range locs {
		h.Fields(l.Obj, func(_ string, to taint.LocSet) { below = append(below, to...) })
	}
	var out taint.ObjSet
	w.fl.Reach(h, below, givesup.Opaque).Each(func(o taint.ObjID) {
		if !renewed.Has(o) {
			out.Add(o)
		}
	})
	return out
}

// renewed returns the objects allocated anew on the current path, and
// those reachable from the elements it visits. An allocation made anew
// counts only if stale, the locations of older values the path stored
// into the memory being judged, reach none of its objects: one abstract
// object stands for every iteration's instance, and a value carried over
// from an earlier iteration (`last = keys`, then `keys = last`) may hold
// the instance that was handed over.
func (w *walker) renewed(cur fresh, h taint.Heap, stale taint.LocSet) taint.ObjSet {
	var out, made taint.ObjSet
	for v, a := range cur {
		if a == visitedMemory {
			w.fl.Reach(h, w.fl.Locs(v), givesup.Opaque).Each(func(o taint.ObjID) { out.Add(o) })
			continue
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			continue
		}
		// A fresh phi holds, on this path, what one of its sources made
		// on it: its allocations are new instances, though the merge of
		// paths that did not run them (a loop that appends only under a
		// condition) dropped the sources themselves.
		var sources map[ssa.Instruction]bool
		if phi, ok := v.(*ssa.Phi); ok {
			sources = make(map[ssa.Instruction]bool)
			allocatingSources(phi, sources, make(map[*ssa.Phi]bool))
		}
		for _, l := range w.fl.Locs(v) {
			if site := w.fl.Object(l.Obj).Site; site == instr || sources[site] {
				made.Add(l.Obj)
			}
		}
	}
	if len(made) == 0 {
		return out
	}
	var older taint.ObjSet
	if len(stale) > 0 {
		older = w.fl.Reach(h, stale, givesup.Opaque)
	}
	made.Each(func(o taint.ObjID) {
		if !older.Has(o) {
			out.Add(o)
		}
	})
	return out
}

// allocatingSources adds to out the allocations (make, new, a composite
// literal, an append) whose values flow into phi, directly or through
// other phis.
func allocatingSources(phi *ssa.Phi, out map[ssa.Instruction]bool, seen map[*ssa.Phi]bool) {
	if seen[phi] {
		return
	}
	seen[phi] = true
	for _, e := range phi.Edges {
		switch e := e.(type) {
		case *ssa.Phi:
			allocatingSources(e, out, seen)
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
			out[e.(ssa.Instruction)] = true
		case *ssa.Call:
			if b, ok := e.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
				out[e] = true
			}
		}
	}
}

// madeBy reports whether every location v holds was made by call: a
// call that returns new memory, in a loop, returns new memory each time.
func (w *walker) madeBy(v ssa.Value, call ssa.Instruction) bool {
	locs := w.fl.Locs(v)
	for _, l := range locs {
		if w.fl.Object(l.Obj).Site != call {
			return false
		}
	}
	return len(locs) > 0
}

// visitsElements reports whether addr is an element of a slice or array
// indexed by a loop variable (a phi): each iteration loads a different
// element, assumed to be distinct memory.
func visitsElements(addr ssa.Value) bool {
	ia, ok := addr.(*ssa.IndexAddr)
	return ok && loopIndex(ia.Index)
}

// loopIndex reports whether index is a loop's counter: a phi, or a phi
// plus one (range loops index with phi+1).
func loopIndex(index ssa.Value) bool {
	if b, ok := index.(*ssa.BinOp); ok && b.Op == token.ADD {
		index = b.X
	}
	_, isPhi := index.(*ssa.Phi)
	return isPhi
}

// ageOf returns the age of v's memory on the current path; a constant
// holds no memory.
func (w *walker) ageOf(v ssa.Value, cur fresh) age {
	if _, ok := v.(*ssa.Const); ok {
		return visitedMemory
	}
	return cur[v]
}

// preexisting reports whether addr may point into memory that existed
// when the function was entered (its receiver, parameters, captured or
// package-level variables). Storing a transferred reference there keeps
// it reachable after the function returns; storing it into fresh local
// memory only makes an alias, whose uses are checked in turn.
func (w *walker) preexisting(addr ssa.Value) bool {
	for _, l := range w.fl.Locs(addr) {
		if w.fl.Object(l.Obj).Port != taint.NoPort {
			return true
		}
	}
	return false
}

// An access is a use of transferred memory by one instruction.
type access struct {
	verb    string
	objs    taint.ObjSet
	operand ssa.Value
	// write says the access may modify the memory; a read races only
	// with the other side's writes.
	write bool
	// keeps says the access makes the memory reachable from state that
	// outlives the function, as condition 1 forbids at the transfer.
	keeps bool
	// written is what of objs a call's callees write, the memory that
	// makes the access a write.
	written taint.ObjSet
}

// conflict returns the part of the access's memory that makes it a race:
// what it writes, or else what the other side writes, or else all of it.
func (a *access) conflict(otherSide taint.ObjSet) taint.ObjSet {
	if len(a.written) > 0 {
		return a.written
	}
	if both := intersection(a.objs, otherSide); len(both) > 0 {
		return both
	}
	return a.objs
}

// intersection returns the objects of both s and t.
func intersection(s, t taint.ObjSet) taint.ObjSet {
	var out taint.ObjSet
	s.Each(func(o taint.ObjID) {
		if t.Has(o) {
			out.Add(o)
		}
	})
	return out
}

// checkUse reports the first access of instr to transferred memory.
func (w *walker) checkUse(instr ssa.Instruction, h taint.Heap, cur fresh) bool {
	if instr == w.p.Instr && w.p.Kind == transfer.Go && !w.c.strict {
		// A go statement in a loop hands the same memory to each
		// goroutine it starts. Whether they race is the lockset pass's
		// question (two instances of one goroutine, which it pairs with
		// the locks each holds); this pass, which sees no lock, would
		// report goroutines that share the memory under a lock.
		return false
	}
	if laterSlot(w.p, instr) {
		return false // another goroutine's slot of a slice (model.LaterSlot)
	}
	if !w.c.strict && w.fl.Guarded()[instr] && locksetPairs(w.p) {
		// The spawner holds a lock here: whether the goroutine takes
		// it too is the lockset pass's question, which pairs the
		// accesses after a go statement (or a call of a Spawn row,
		// time.AfterFunc(d, func() { … })) with the goroutine's, with
		// the locks each holds (as the goroutine's own writes under a
		// lock are left to it: OtherSideWrites).
		return false
	}
	acc := w.access(instr, h, cur)
	if acc == nil || len(acc.objs) == 0 {
		return false
	}
	if acc.keeps && !acc.write && !w.c.shared(w.fl, acc.objs, w.touched(acc.operand, h, cur, false, instr), w.written, storedVia(instr), w.c.gu.ReceiverSeen(w.p)) {
		return false // kept, but no one is seen writing it
	}
	if acc.keeps && !acc.write && w.keptSafe {
		return false // kept, but the goroutine only reads what is never rewritten
	}
	if !acc.keeps && !acc.write && !acc.objs.Intersects(w.written) {
		return false // both sides only read
	}
	if !acc.keeps && !acc.write && !w.receiverWritesRead(instr) {
		return false // the receiver writes other fields than the one read
	}
	pl := w.placesOf(instr, h)
	if !acc.write && !w.c.mayBeWritten(w.fl, acc.objs) && !w.readsRewritten(pl) {
		return false // nobody writes it after construction
	}
	if w.disjoint(instr, h, acc, pl) {
		return false // the goroutine touches other fields than the access
	}
	if first, ok := w.p.Instr.(*ssa.Go); ok {
		if second, ok := instr.(*ssa.Go); ok && second != first {
			conflict := acc.conflict(w.written)
			reaches := func(v ssa.Value) bool { return w.touched(v, h, cur, true, instr).Intersects(conflict) }
			if onlyElements(w.fl, conflict) && slotsApart(first, second, reaches) {
				return false // each goroutine fills its own slots (slots.go)
			}
		}
	}
	if instr == w.p.Instr && w.p.Spawns && onlyElements(w.fl, acc.conflict(w.written)) {
		// One go statement in a loop handing a slice to each goroutine,
		// which may also read other memory: the goroutines are assumed
		// to write disjoint elements.
		return false
	}
	u := w.c.describeUse(w, instr, acc)
	if u.throughAlias && !w.c.strict {
		// By default only the given value's own access path is
		// evidence: another value the heap analysis says may share
		// its memory is an alias it only suspects.
		return false
	}
	w.c.reportUse(w, instr, acc, u)
	return true
}

// laterSlot reports whether instr, after p, touches the slot of a slice
// that a goroutine a later iteration of p's loop starts keeps to, not the
// one p's goroutine keeps to (model.LaterSlot): p is a go statement, or a
// call of a row of the model given a function literal to run (wg.Go(f)).
func laterSlot(p transfer.Point, instr ssa.Instruction) bool {
	if g, ok := p.Instr.(*ssa.Go); ok {
		fn, bindings := ssaops.FuncValue(g.Call.Value)
		return fn != nil && model.LaterSlot(g, fn, g.Call.Args, bindings, instr)
	}
	if p.Kind != transfer.Call || len(p.Given) != 1 {
		return false
	}
	fn, bindings := ssaops.FuncValue(p.Given[0])
	return fn != nil && len(fn.Params) == 0 && model.LaterSlot(p.Instr, fn, nil, bindings, instr)
}

// receiverWritesRead reports whether the receiving side of a send may
// write the field instr reads, when instr loads a field of a struct: a
// future's sender reads the id and the reply channel of a request whose
// receiver writes only its result (givesup.Result.ReceiverWritesField).
func (w *walker) receiverWritesRead(instr ssa.Instruction) bool {
	load, ok := instr.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return true
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return true
	}
	field := ssaops.FieldVar(fa)
	if field == nil {
		return true
	}
	strct := fa.X.Type().Underlying().(*types.Pointer).Elem() // FieldVar checked it
	return w.c.gu.ReceiverWritesField(w.p, strct, field.Name())
}

func (w *walker) access(instr ssa.Instruction, h taint.Heap, cur fresh) *access {
	// direct is an access to the memory v points into; a read races
	// only with the other side's writes.
	direct := func(verb string, write bool, v ssa.Value) *access {
		if o := w.touched(v, h, cur, false, instr); len(o) > 0 {
			return &access{verb: verb, objs: o, operand: v, write: write}
		}
		return nil
	}
	// deep is an access to everything reachable from v: storing or
	// sending v, or passing it on. It shares the memory with whoever gets
	// it next; by default that is a write only if the next holder is seen
	// writing it (the callers below say so), while the strict reading
	// assumes it, unless no code at all can write the memory
	// (mayBeWritten).
	deep := func(verb string, v ssa.Value) *access {
		if o := w.touched(v, h, cur, true, instr); len(o) > 0 {
			return &access{verb: verb, objs: o, operand: v, write: w.c.strict && w.c.mayBeWritten(w.fl, o)}
		}
		return nil
	}
	switch i := instr.(type) {
	case *ssa.UnOp:
		// Loading a channel or a lock out of a message is how the
		// request/reply idiom waits for the answer: such values
		// synchronise themselves, so the load is not a data access.
		if i.Op == token.MUL && !model.SelfSynchronizing(i.Type()) {
			if w.c.neverWritten(i.X) {
				return nil // nobody writes it: the read races with no one
			}
			return direct("read", false, i.X)
		}
	case *ssa.Store:
		if w.delayed && ssaops.StoresResult(i, w.p.Instr) {
			return nil // t.timer = time.AfterFunc(d, f): before f runs
		}
		if ssaops.SelfStore(i) {
			return nil // return ctx, cancel: the compiler drops cancel = cancel
		}
		if a := direct("written", true, i.Addr); a != nil {
			return a
		}
		if o := w.below(i.Addr, h, cur, instr); len(o) > 0 {
			return &access{verb: "written", objs: o, operand: i.Addr, write: true}
		}
		if w.preexisting(i.Addr) {
			return kept(deep("stored into "+w.c.names.value(i.Addr, instr), i.Val))
		}
	case *ssa.MapUpdate:
		if a := direct("written", true, i.Map); a != nil {
			return a
		}
		if o := w.below(i.Map, h, cur, instr); len(o) > 0 {
			return &access{verb: "written", objs: o, operand: i.Map, write: true}
		}
		if !w.preexisting(i.Map) {
			return nil
		}
		if a := deep("stored into a map", i.Key); a != nil {
			return kept(a)
		}
		return kept(deep("stored into a map", i.Value))
	case *ssa.Lookup:
		if _, isMap := i.X.Type().Underlying().(*types.Map); isMap {
			return direct("read", false, i.X)
		}
	case *ssa.Range:
		if _, isMap := i.X.Type().Underlying().(*types.Map); isMap {
			return direct("read", false, i.X)
		}
	case *ssa.Send:
		return w.resent(deep("sent again on "+w.c.names.chanName(i, i.X), i.X), instr, h)
	case *ssa.Select:
		for _, st := range i.States {
			if st.Dir == types.SendOnly {
				if a := deep("sent again on "+w.c.names.chanName(i, st.Send), st.Send); a != nil {
					return w.resent(a, instr, h)
				}
			}
		}
	case ssa.CallInstruction:
		return w.callAccess(i, h, direct, deep)
	}
	return nil
}

func (w *walker) callAccess(call ssa.CallInstruction, h taint.Heap, direct func(string, bool, ssa.Value) *access, deep func(string, ssa.Value) *access) *access {
	c := call.Common()
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len", "cap":
			if _, isMap := c.Args[0].Type().Underlying().(*types.Map); isMap {
				return direct("read", false, c.Args[0])
			}
		case "append", "copy", "delete", "clear":
			if a := direct("written", true, c.Args[0]); a != nil {
				return a
			}
			for _, arg := range c.Args[1:] {
				if a := deep("stored", arg); a != nil {
					return a
				}
			}
		case "print", "println":
			for _, arg := range c.Args {
				if a := deep("read", arg); a != nil {
					a.write = false
					return a
				}
			}
		}
		return nil
	}
	verb := "passed to " + w.c.calleeName(call)
	_, isGo := call.(*ssa.Go)
	if isGo {
		verb = "handed to another goroutine"
	} else if !w.c.strict && !w.c.flows.Sees(c) {
		return nil // an unseen callee is no evidence of a use
	}
	ops := c.Args
	if _, static := c.Value.(*ssa.Function); !static {
		ops = append([]ssa.Value{c.Value}, ops...)
	}
	// A call that hands nothing on uses only what its callees read or
	// write of its operands (the places of their summaries), not all that
	// the operands reach. A go statement or a transfer shares all of it.
	// The strict reading judges a call so only when every callee has a
	// summary and none links what was given up to another operand: such
	// a link stores it, and the memory it now hangs from may outlive the
	// function (a method that keeps its argument in its receiver).
	var touched taint.ObjSet
	byTouch := !isGo && !w.transfers(call)
	if byTouch {
		reads, writes, complete := w.fl.Places(call, h)
		if w.c.strict && (!complete || w.fl.LinksFrom(call, h, w.all)) {
			byTouch = false
		}
		for _, l := range append(reads, writes...) {
			touched.Add(l.Obj)
		}
	}
	var writes taint.ObjSet
	for _, op := range ops {
		if w.reentryDetached(call, op) {
			continue // the handler left it nothing given up (detached.go)
		}
		a := deep(verb, op)
		if a != nil && byTouch {
			if a.objs = intersection(a.objs, touched); len(a.objs) == 0 {
				a = nil
			}
		}
		if a != nil {
			if writes == nil {
				writes = w.fl.Writes(call, h)
			}
			a.written = intersection(a.objs, writes)
			// What no code can write, the callee does not either,
			// whatever its summary's objects say (strict reading).
			a.write = len(a.written) > 0 && (!w.c.strict || w.c.mayBeWritten(w.fl, a.written))
			if a.write && w.c.strict && w.sendsToReaders(call, h, a.objs) {
				// The framework only delivers the message; the
				// receivers only read it.
				a.write = false
			}
			return a
		}
	}
	return nil
}

// sendsToReaders reports whether call is a send row (a Transfer row of
// the model, not a spawn) whose every transfer point gives objs to a
// receiving side that writes none of them: an actor whose receiving side
// is closed (givesup.Result.OtherSideWrites). The row's own call
// delivers the message and writes none of it; a helper that sends
// (a GivesUp point) may write it itself and is not such a call.
func (w *walker) sendsToReaders(call ssa.CallInstruction, h taint.Heap, objs taint.ObjSet) bool {
	pts := transfer.Points(w.c.gu.Model, call)
	for _, p := range pts {
		if p.Kind != transfer.Call || p.Spawns || len(w.c.gu.OtherSideWrites(w.fl, h, p, objs)) > 0 {
			return false
		}
	}
	return len(pts) > 0
}

// transfers reports whether call is itself a transfer point of the
// function: it gives up (some of) its operands.
func (w *walker) transfers(call ssa.CallInstruction) bool {
	for _, p := range w.c.gu.Points(call.Parent()) {
		if p.Instr == call {
			return true
		}
	}
	return false
}

// disjoint reports whether, by default, the access acc of instr touches
// no place the goroutine a go statement started may touch, with at least
// one of the two writing: the fields of one object that the spawner and
// the goroutine each use on their own (RacerD's access paths). Stores that
// keep memory reachable, sends and calls that hand memory on share all of
// it and are not judged by places.
func (w *walker) disjoint(instr ssa.Instruction, h taint.Heap, acc *access, pl func() (reads, writes taint.LocSet, ok bool)) bool {
	if w.other == nil || acc.keeps {
		return false
	}
	switch instr.(type) {
	case *ssa.UnOp, *ssa.Store, *ssa.MapUpdate, *ssa.Lookup, *ssa.Range:
	case *ssa.Go:
		// Another goroutine handed the same memory races with this one
		// only where their places meet, one writing: a producer that
		// touches a queue only through sync/atomic, beside a consumer
		// that pops from it.
	case ssa.CallInstruction:
		if w.transfers(instr.(ssa.CallInstruction)) && instr != w.p.Instr {
			hp, ok := w.handOffPlaces(instr.(ssa.CallInstruction), h)
			if !ok {
				return false
			}
			pl = func() (taint.LocSet, taint.LocSet, bool) { return hp.reads, hp.writes, true }
		}
	default:
		return false
	}
	reads, writes, ok := pl()
	if !ok {
		return false
	}
	// Only the memory given up is this check's: both sides may touch
	// package-level variables, which the lockset pass compares.
	reads, writes = w.inGiven(reads), w.inGiven(writes)
	oreads, owrites := w.inGiven(w.other.reads), w.inGiven(w.other.writes)
	return !taint.PlacesMeet(writes, oreads) && !taint.PlacesMeet(writes, owrites) &&
		!taint.PlacesMeet(reads, owrites)
}

// readsRewritten reports whether an instruction, whose places pl gives,
// reads in the memory given up a place the program writes after
// construction: an element of a slice held in a struct lies in the
// struct's own heap object, under the field's path, and its writes are
// recorded by the slice's type, not the struct's.
func (w *walker) readsRewritten(pl func() (reads, writes taint.LocSet, ok bool)) bool {
	reads, _, ok := pl()
	return !ok || w.c.anyRewritten(w.fl, reads, w.all)
}

// placesOf returns the places instr reads and writes (taint.Flow.Places),
// computed on first use: two checks of one access ask for them.
func (w *walker) placesOf(instr ssa.Instruction, h taint.Heap) func() (reads, writes taint.LocSet, ok bool) {
	var reads, writes taint.LocSet
	var ok, done bool
	return func() (taint.LocSet, taint.LocSet, bool) {
		if !done {
			reads, writes, ok = w.fl.Places(instr, h)
			done = true
		}
		return reads, writes, ok
	}
}

// inGiven returns the places of ps in memory the transfer gave up.
func (w *walker) inGiven(ps taint.LocSet) taint.LocSet {
	var out taint.LocSet
	for _, l := range ps {
		if w.all.Has(l.Obj) {
			out = append(out, l)
		}
	}
	return out
}

// kept marks a as making memory reachable from outliving state.
func kept(a *access) *access {
	if a != nil {
		a.keeps = true
	}
	return a
}

// resent marks a, the memory instr sends again, as written when the
// receivers of that send are seen writing it: then the two receiving sides
// race. The strict reading takes every receiver as writing what it gets
// (deep), except the receivers of a channel whose receiving side is
// closed, which write only what givesup.Result.OtherSideWrites says.
func (w *walker) resent(a *access, instr ssa.Instruction, h taint.Heap) *access {
	if a == nil || (a.write && !w.c.strict) {
		return a
	}
	if w.c.strict && !w.c.mayBeWritten(w.fl, a.objs) {
		return a // no code can write it: the next receiver only reads
	}
	a.write = false
	for _, p := range transfer.Points(w.c.gu.Model, instr) {
		if len(w.c.gu.OtherSideWrites(w.fl, h, p, a.objs)) > 0 {
			a.write = true
		}
	}
	return a
}

// onlyElements reports whether every object is slice or array memory.
func onlyElements(fl *taint.Flow, objs taint.ObjSet) bool {
	only := true
	objs.Each(func(o taint.ObjID) {
		only = only && isElements(fl, o)
	})
	return only
}

// isElements reports whether o is slice or array memory.
func isElements(fl *taint.Flow, o taint.ObjID) bool {
	t := fl.Object(o).Type
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

// hasDefers reports whether fn defers a call.
func hasDefers(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Defer); ok {
				return true
			}
		}
	}
	return false
}

// A fieldSlot names, as a key of fresh, what the field of a machine
// holds on a path: the field Field of what Value (a parameter or a
// captured variable) points to, or with Field -1 the captured variable
// itself. It is never an operand of an instruction.
type fieldSlot struct {
	ssa.Value
	Field int
}

// slotOf returns the fieldSlot of the address addr, if it is the field
// of a parameter or a captured variable: memory of one object, which a
// store overwrites.
func slotOf(addr ssa.Value) (fieldSlot, bool) {
	switch a := addr.(type) {
	case *ssa.FreeVar:
		return fieldSlot{a, -1}, true
	case *ssa.FieldAddr:
		switch a.X.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			return fieldSlot{a.X, a.Field}, true
		}
	}
	return fieldSlot{}, false
}

// renewFields follows, with the xsa pass (P#'s cross-state analysis,
// which lifts a machine's fields to parameters), what the fields of the
// function's parameters and captured variables hold on the path: a store
// of new memory or nil makes later loads of the field on this path new
// (b.out <- b.batch; b.batch = nil before the loop's next iteration
// appends to b.batch). A call passed the machine may store into its
// fields, and forgets what the path knew of them.
func (w *walker) renewFields(instr ssa.Instruction, cur fresh) {
	switch i := instr.(type) {
	case *ssa.Store:
		if sl, ok := slotOf(i.Addr); ok {
			if a := w.ageOf(i.Val, cur); a != oldMemory {
				cur[sl] = a
			} else {
				delete(cur, sl)
			}
		}
	case ssa.CallInstruction:
		args := i.Common().Args
		for k := range cur {
			if sl, ok := k.(fieldSlot); ok && slices.Contains(args, sl.Value) {
				delete(cur, k)
			}
		}
	}
}

// fieldContent returns the age of what a load reads from a field whose
// content the path knows.
func (w *walker) fieldContent(load *ssa.UnOp, cur fresh) (age, bool) {
	if load.Op != token.MUL || !w.c.leaveKept {
		return oldMemory, false
	}
	sl, ok := slotOf(load.X)
	if !ok {
		return oldMemory, false
	}
	a, ok := cur[sl]
	return a, ok
}

// storedVia returns the name of the unexported field instr stores into,
// or "".
func storedVia(instr ssa.Instruction) string {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return ""
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	name, _ := ssaops.FieldName(fa.X.Type(), fa.Field)
	if token.IsExported(name) {
		return ""
	}
	return name
}

// locksetPairs reports whether the lockset pass compares the accesses the
// spawner makes after p with those of the goroutine p starts: p is a go
// statement, or a call of a Spawn row (p.Spawns) given a function the
// lockset pass can name (its spawnAt: a function or a literal, not a
// function value from elsewhere).
func locksetPairs(p transfer.Point) bool {
	switch p.Kind {
	case transfer.Go:
		return true
	case transfer.Call:
		return p.Spawns && slices.ContainsFunc(p.Given, func(v ssa.Value) bool {
			fn, _ := ssaops.FuncValue(v)
			return fn != nil
		})
	}
	return false
}
