// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file orders a lazy initialisation under a lock with the reads that
// follow the reader's own pass through the initialiser:
//
//	func (t *Table) parse() {
//		t.mu.Lock()
//		defer t.mu.Unlock()
//		if t.version != unknown { // the guard, read under t.mu
//			return
//		}
//		t.version, t.funcs = … // written under t.mu after the guard
//	}
//	func (t *Table) Lookup(pc uint64) int {
//		t.parse()
//		return search(t.funcs, pc) // read without the lock
//	}
//
// A write made holding a lock L, after a test of a location g read under
// L in a function that also writes g (a guard: the test says whether the
// initialisation is done, and the initialisation records that it is), is
// guarded by g (Access.Guards). A read made after its entry point read g
// under L, or atomically, on every path (Access.Seen) is ordered after
// every write guarded by g: either its own pass wrote them, or it saw,
// under L or through the atomic, that some pass had. debug/gosym's
// LineTable, go/types' Named, net/http's connReader.cond and testing's
// TempDir are this idiom. A read of g in a branch condition counts as
// seen too when a getter that holds L made it (if s.isLameDuck() { …
// s.ldmCh … }).
//
// A closing flag is the converse (flags.go): a write made holding L only where a
// boolean field tested under L is false (if r.closed { return }) is
// ordered with a read that follows its entry point's own r.closed = true
// under L: a writer either ran first, or saw the flag and wrote nothing.
//
// Only the default reading uses these rules: the guard's test is not
// interpreted, so a reader that reads g and goes on whatever it saw is
// trusted as if it had checked, and a flag is assumed never to be reset.

// obsSep separates the location from the lock in an observation.
const obsSep = "\x1f"

// observation names the read of the guard g under lock (atomically when
// lock is "").
func observation(g, lock string) string { return g + obsSep + lock }

// markSuffixes are the marks an observation may end with, each after
// its separator: a closing flag's (flags.go), a publication's
// (publish.go), the zero guard's (zeroguard.go), the fixed flag's (fixedguard.go), the terminal state's (terminal.go).
var markSuffixes = [...]string{
	obsSep + flagSetMark, obsSep + flagUnsetMark, obsSep + publishMark,
	obsSep + zeroMark, obsSep + nonZeroMark, obsSep + spawnedMark, obsSep + settledMark,
	obsSep + fixedZeroMark, obsSep + fixedSetMark, obsSep + notTerminalMark,
}

// markOf returns the mark that ends o with its separator, or "".
//
// A mark holds no separator, so the mark that ends o, if any, is all
// of o from its last separator: one backward scan of the end of o
// rather than a suffix test for every mark (markOf runs on every
// observation of every access that is capped or filtered).
func markOf(o string) string {
	i := strings.LastIndexByte(o, obsSep[0])
	if i < 0 {
		return ""
	}
	if m := o[i:]; slices.Contains(markSuffixes[:], m) {
		return m
	}
	return ""
}

// hasMark reports whether o ends with the mark m after its separator,
// markOf(o) == obsSep+m, by comparing the end of o alone.
func hasMark(o, m string) bool {
	n := len(o) - len(m)
	return n > 0 && o[n-1] == obsSep[0] && o[n:] == m
}

// splitObservation is the inverse of observation; a mark
// (flagSetMark, flagUnsetMark) after the lock is dropped.
func splitObservation(o string) (g, lock string) {
	g, lock, _ = strings.Cut(o, obsSep)
	lock, _, _ = strings.Cut(lock, obsSep)
	return g, lock
}

// initGuards is what a function tests of the locations it writes
// (guardsOf): the instructions that read a guard, and the branches that
// test them.
type initGuards struct {
	// reads maps a load or call in a branch condition's operands to the
	// guards it reads.
	reads map[ssa.Instruction][]guardRead
	// tests maps a block ending in such a branch to the guards its
	// condition reads.
	tests map[*ssa.BasicBlock][]string
	// under memoises guardedBy.
	under map[*ssa.BasicBlock][]string
	// unset maps the first block of the branch a boolean field's test
	// takes when the field is false (if s.closed { return }: the block
	// after it) to the field; see flaggedBy.
	unset map[*ssa.BasicBlock][]string
}

// guardsOf returns what fn tests: the locations a branch condition of fn
// depends on, read by a load, an atomic operation or a callee among the
// condition's operands (all observed, as a getter's caller observes what
// it returns), and among them the guards, which fn also writes (directly,
// or by a callee's summary). The strict reading, and a function that
// tests no location, have none (nil).
func (c *checker) guardsOf(fn *ssa.Function) *initGuards {
	if c.model.Strict || len(c.guardNames) == 0 {
		return nil
	}
	k := analysisKey{fn: fn, guards: true}
	if gs, ok := c.guards[fn]; ok {
		if !c.suspects[k] {
			c.deps.use(k, false, gs)
			return gs
		}
		// Not memoised while in progress, as computeGuards is not.
		delete(c.guards, fn)
		if c.confirm(k) {
			c.guards[fn] = gs
			c.deps.use(k, false, gs)
			return gs
		}
	}
	c.deps.begin()
	gs := c.computeGuards(fn)
	c.deps.end(k, gs)
	if c.guards == nil {
		c.guards = make(map[*ssa.Function]*initGuards)
	}
	c.guards[fn] = gs
	return gs
}

// computeGuards is guardsOf, not memoised.
func (c *checker) computeGuards(fn *ssa.Function) *initGuards {
	reads := make(map[ssa.Instruction][]guardRead)
	tests := make(map[*ssa.BasicBlock]map[ssa.Instruction][]guardRead)
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		read := make(map[ssa.Instruction][]guardRead)
		c.condReads(i.Cond, read, make(map[ssa.Value]bool), 0)
		if len(read) > 0 {
			tests[b] = read
		}
	}
	if len(tests) == 0 {
		return nil
	}
	candidates := make(map[string]bool)
	for _, read := range tests {
		for _, rs := range read {
			for _, r := range rs {
				candidates[r.path] = true
			}
		}
	}
	written := c.writtenBy(fn, candidates)
	gs := &initGuards{reads: reads, tests: make(map[*ssa.BasicBlock][]string), under: make(map[*ssa.BasicBlock][]string), unset: make(map[*ssa.BasicBlock][]string)}
	for b := range tests {
		if g, succ := c.flagTest(b); succ != nil {
			gs.unset[succ] = union(gs.unset[succ], []string{g})
		}
	}
	for b, read := range tests {
		for instr, rs := range read {
			for _, r := range rs {
				if !slices.Contains(gs.reads[instr], r) {
					gs.reads[instr] = append(gs.reads[instr], r)
				}
				if written[r.path] {
					gs.tests[b] = union(gs.tests[b], []string{r.path})
				}
			}
		}
	}
	return gs
}

// lastSel returns the last selector of path p (after its last '.' or
// '|'), which rebasing leaves alone.
func lastSel(p string) string {
	return p[strings.LastIndexAny(p, ".|")+1:]
}

// A guardRead is a read of a guard, atomic or not; locks are those a
// callee held at it, in the caller's frame.
type guardRead struct {
	path   string
	atomic bool
	locks  string // sorted, joined by obsSep
}

// condReads adds to read the non-local locations that the value v of a
// branch condition depends on, by the load or call that reads each.
func (c *checker) condReads(v ssa.Value, read map[ssa.Instruction][]guardRead, visited map[ssa.Value]bool, depth int) {
	if depth > 6 || visited[v] {
		return
	}
	visited[v] = true
	next := func(x ssa.Value) { c.condReads(x, read, visited, depth+1) }
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if p := c.locOf(v.X); p != "" && !isLocal(p) && c.guardNames[lastSel(p)] {
				read[v] = append(read[v], guardRead{path: p})
			}
			return
		}
		next(v.X)
	case *ssa.BinOp:
		if comparison(v.Op) && !isConst(v.X) && !isConst(v.Y) {
			// if s.max < v { s.max = v }: the test holds again for a
			// larger v after the write, so it guards nothing; an
			// initialisation tests against a constant (x == nil,
			// version != unknown, n < 0).
			return
		}
		next(v.X)
		next(v.Y)
	case *ssa.Phi:
		for _, e := range v.Edges {
			next(e)
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok && types.Identical(v.Type(), errorType) {
			// A call's error depends on its operands (os.Stat(c.dir)),
			// but is no predicate over the callee's reads: see
			// ifNil.edge.
			for _, a := range call.Call.Args {
				next(a)
			}
			return
		}
		next(v.Tuple)
	case *ssa.Field:
		next(v.X)
	case *ssa.Convert:
		next(v.X)
	case *ssa.ChangeType:
		next(v.X)
	case *ssa.MakeInterface:
		next(v.X)
	case *ssa.TypeAssert:
		next(v.X)
	case *ssa.Call:
		// What a function read on its way to an error says nothing of
		// the paths that return nil: see ifNil.edge.
		if !types.Identical(v.Type(), errorType) {
			if ps := c.callReads(&v.Call); len(ps) > 0 {
				read[v] = append(read[v], ps...)
			}
		}
		for _, a := range v.Call.Args {
			next(a)
		}
	}
}

// guardedBy returns the guards that a write in block b is guarded by: those
// tested by a branch that dominates b, one side of which never reaches b
// (the initialisation is skipped when the guard says it is done). A write
// both sides reach, such as a counter after the test, is guarded by none.
func (gs *initGuards) guardedBy(b *ssa.BasicBlock) []string {
	if out, ok := gs.under[b]; ok {
		return out
	}
	var out []string
	for t, ps := range gs.tests {
		if t == b || !t.Dominates(b) {
			continue
		}
		if skipsDirectly(t, b) {
			out = union(out, ps) // every guard the test reads
			continue
		}
		for _, g := range ps {
			if gs.skips(t, b, g, 0) {
				out = union(out, []string{g})
			}
		}
	}
	gs.under[b] = out
	return out
}

// maxShortCircuit bounds the tests of one guard chained by && and || that
// skips follows.
const maxShortCircuit = 4

// skips reports whether a branch of the test of g that ends block t never
// reaches block b: the test decides whether b runs (if done { return };
// if x == nil { x = … }), as a test after which both branches meet again
// before b does not. A condition made of several tests of g (x == 0 ||
// x < -1) is a chain of blocks, each the only way into the next: one of
// them skips b.
func (gs *initGuards) skips(t, b *ssa.BasicBlock, g string, depth int) bool {
	if skipsDirectly(t, b) {
		return true
	}
	if depth == maxShortCircuit {
		return false
	}
	for _, s := range t.Succs {
		if s != b && len(s.Preds) == 1 && slices.Contains(gs.tests[s], g) && gs.skips(s, b, g, depth+1) {
			return true
		}
	}
	return false
}

// skipsDirectly reports whether a successor of t never reaches b,
// whatever t tests.
func skipsDirectly(t, b *ssa.BasicBlock) bool {
	for _, s := range t.Succs {
		if !ssaops.Reaches(s, b) {
			return true
		}
	}
	return false
}

// callReads returns the non-local locations a call reads, in the caller's
// frame: an atomic load's operand, or the reads of a static callee's
// summary.
func (c *checker) callReads(call *ssa.CallCommon) []guardRead {
	eff := c.effectOf(call)
	if eff.atomic {
		if p := eff.atomicPath; p != "" && !isLocal(p) && !eff.atomicWrite {
			return []guardRead{{path: p, atomic: true}}
		}
		return nil
	}
	sum, bindings := eff.sum, eff.bindings
	if sum == nil || len(sum.Accesses) > maxPredicateAccesses {
		return nil // not a predicate or a getter
	}
	var out []guardRead
	for _, a := range sum.Accesses {
		if !a.Write && c.guardNames[lastSel(a.Path)] {
			if p := c.rebase(a.Path, call.Args, bindings); p != "" && !isLocal(p) {
				var locks []string
				for _, h := range a.Held {
					if l := c.rebaseLock(h.Lock, call.Args, bindings); l != "" {
						locks = union(locks, []string{l})
					}
				}
				out = append(out, guardRead{path: p, atomic: a.Atomic, locks: strings.Join(locks, obsSep)})
			}
		}
	}
	return out
}

// guardFieldNames returns the names of the fields that can be a guard or
// a flag, so that the rules follow nothing else: a field that one
// function both tests in a branch condition and writes (a lazy
// initialisation), a boolean field that one function sets to true and
// one tests (a flag), and a field accessed through sync/atomic. The
// strict reading follows none.
func (c *checker) guardFieldNames(funcs []*ssa.Function) map[string]bool {
	if c.model.Strict {
		return nil
	}
	out := make(map[string]bool)
	setTrue, flagTested := make(map[string]bool), make(map[string]bool)
	callbackTested := make(map[string]bool) // callbacks.go
	var funcStores []*ssa.Store             // likewise: stores of fields of function type
	visited := make(map[ssa.Value]bool)
	for _, fn := range funcs {
		tested, written := make(map[string]bool), make(map[string]bool)
		var walk func(v ssa.Value, depth int)
		walk = func(v ssa.Value, depth int) {
			if depth > 6 || visited[v] {
				return
			}
			visited[v] = true
			switch v := v.(type) {
			case *ssa.UnOp:
				if v.Op == token.MUL {
					if f := fieldName(v.X); f != "" {
						tested[f] = true
						if _, ok := v.Type().Underlying().(*types.Signature); ok {
							callbackTested[f] = true
						}
						if depth <= 1 && types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
							flagTested[f] = true
						}
					}
					return
				}
				walk(v.X, depth+1)
			case *ssa.BinOp:
				walk(v.X, depth+1)
				walk(v.Y, depth+1)
			case *ssa.Phi:
				for _, e := range v.Edges {
					walk(e, depth+1)
				}
			case *ssa.Extract:
				walk(v.Tuple, depth+1)
			case *ssa.Call:
				for _, a := range v.Call.Args {
					walk(a, depth+1)
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch i := instr.(type) {
				case *ssa.If:
					walk(i.Cond, 0)
				case *ssa.Store:
					if f := fieldName(i.Addr); f != "" {
						written[f] = true
						if _, ok := i.Val.Type().Underlying().(*types.Signature); ok {
							funcStores = append(funcStores, i)
						}
						if ssaops.IsTrue(i.Val) {
							setTrue[f] = true
						}
					}
				case *ssa.Call:
					callee := i.Call.StaticCallee()
					if callee == nil || len(i.Call.Args) == 0 {
						continue
					}
					if obj, ok := callee.Object().(*types.Func); ok {
						if _, atomic := model.AtomicAccess(obj); atomic {
							if f := fieldName(i.Call.Args[0]); f != "" {
								out[f] = true
							}
						}
					}
				}
			}
		}
		for f := range tested {
			if written[f] {
				out[f] = true
			}
		}
	}
	for f := range setTrue {
		if flagTested[f] {
			out[f] = true
		}
	}
	c.callbacks = c.callbackFields(callbackTested, funcStores)
	for f := range c.callbacks {
		out[f] = true
	}
	return out
}

// fieldName returns the name of the field v addresses, or "".
func fieldName(v ssa.Value) string {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	name, _ := ssaops.FieldName(fa.X.Type(), fa.Field)
	return name
}

// maxPredicateAccesses bounds the accesses of a callee in a branch
// condition whose reads count as the condition's: a predicate or a getter
// (n.resolved(), s.isLameDuck()) touches a few locations.
const maxPredicateAccesses = 16

// A calleeEffect is what a static call does to memory, as the lazy-init
// rules see it: an atomic access of the location its first operand
// addresses (atomicPath, "" if unnamed), or the callee's summary with its
// closure's bindings. A dynamic call, or one into sync or an opaque
// package, has neither.
type calleeEffect struct {
	atomic      bool
	atomicPath  string
	atomicWrite bool
	sum         *Summary
	bindings    []ssa.Value
}

// effectOf returns the effect of call, the way checker.call applies it.
func (c *checker) effectOf(call *ssa.CallCommon) calleeEffect {
	callee, bindings := staticCallee(call)
	if callee == nil {
		return calleeEffect{}
	}
	if obj, ok := callee.Object().(*types.Func); ok {
		if write, ok := model.AtomicAccess(obj); ok {
			eff := calleeEffect{atomic: true, atomicWrite: write}
			if len(call.Args) > 0 {
				eff.atomicPath = c.locOf(call.Args[0])
			}
			return eff
		}
	}
	if pkg := funcPkg(callee); pkg == "sync" || opaquePkg(pkg) {
		return calleeEffect{}
	}
	return calleeEffect{sum: c.calleeSummary(callee), bindings: bindings}
}

// writtenBy returns the locations among candidates that fn writes,
// directly or by the summaries of its static callees, in its own frame.
func (c *checker) writtenBy(fn *ssa.Function, candidates map[string]bool) map[string]bool {
	// A callee's write can only rebase onto a candidate with the same
	// last selector: check that before rebasing.
	lastSels := make(map[string]bool)
	for p := range candidates {
		lastSels[lastSel(p)] = true
	}
	out := make(map[string]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.Store:
				if p := c.locOf(i.Addr); candidates[p] {
					out[p] = true
				}
			case *ssa.Call:
				eff := c.effectOf(&i.Call)
				if eff.atomic {
					if eff.atomicWrite && candidates[eff.atomicPath] {
						out[eff.atomicPath] = true
					}
					continue
				}
				if eff.sum == nil {
					continue
				}
				for _, a := range eff.sum.Accesses {
					if a.Write && lastSels[lastSel(a.Path)] {
						if p := c.rebase(a.Path, i.Call.Args, eff.bindings); candidates[p] {
							out[p] = true
						}
					}
				}
			}
		}
	}
	return out
}

// observe records in st the guards instr reads (guards.reads): under each
// lock held, and for an atomic read also as seen without a lock.
func (c *checker) observe(fi *funcInfo, st *state, instr ssa.Instruction) {
	if fi.guards == nil {
		return
	}
	reads := fi.guards.reads[instr]
	if len(reads) == 0 {
		return
	}
	var seen, guard []string
	for _, r := range reads {
		if r.atomic {
			seen = append(seen, observation(r.path, ""))
		}
		if r.locks != "" && !r.atomic {
			// Held by the callee at its read: observed, not a guard of
			// what this function writes after the callee released it.
			for _, l := range strings.Split(r.locks, obsSep) {
				seen = append(seen, observation(r.path, l))
			}
		}
		for _, h := range st.held {
			if !r.atomic {
				seen = append(seen, observation(r.path, h.Lock))
			}
			if !h.Read {
				guard = append(guard, observation(r.path, h.Lock))
			}
		}
		if !r.atomic && len(st.held) == 0 && callerHeld(st) && c.calledLocking[fi.fn] {
			// Under the caller's locks only when the function holds
			// none of its own: a read under its own lock is observed
			// under that one.
			seen = append(seen, observation(r.path, callerLock))
			guard = append(guard, observation(r.path, callerLock))
		}
	}
	slices.Sort(seen)
	slices.Sort(guard)
	st.seen = union(st.seen, slices.Compact(seen))
	st.guard = union(st.guard, slices.Compact(guard))
}

// heldGuards returns the observations of guard that are under a lock held
// for writing in held, or under the caller's locks (callerLock) if the
// function has released none of them (callerHeld).
func heldGuards(guard []string, held lockset, callerHeld bool) []string {
	isHeld := func(o string) bool {
		_, lock := splitObservation(o)
		if lock == callerLock {
			return callerHeld
		}
		return slices.ContainsFunc(held, func(h Held) bool { return h.Lock == lock && !h.Read })
	}
	if !slices.ContainsFunc(guard, func(o string) bool { return !isHeld(o) }) {
		return guard // all still held: no copy
	}
	var out []string
	for _, o := range guard {
		if isHeld(o) {
			out = append(out, o)
		}
	}
	return out
}

// writeGuards returns the guards of the write instr of path made in state
// st, holding held: the guards read under a lock still held for writing,
// by a test that instr's block depends on (guardedBy).
//
// A write of g that computes from g (g++, g = g*2) is guarded by none of
// g's tests: every pass may make it, as with a counter, where an
// initialisation (g = -1 where g == 0) turns the test off.
func (c *checker) writeGuards(fi *funcInfo, st *state, instr ssa.Instruction, path string, held lockset) []string {
	b := instr.Block()
	if fi.guards == nil || len(st.guard) == 0 || b == nil {
		return nil
	}
	by, flags := fi.guards.guardedBy(b), fi.guards.flaggedBy(b)
	var out []string
	initialises := false
	for _, o := range heldGuards(st.guard, held, callerHeld(st)) {
		g, _ := splitObservation(o)
		if g == path && c.updates(instr, path) {
			continue
		}
		if slices.Contains(by, g) {
			out = append(out, o)
			initialises = true
		}
		if slices.Contains(flags, g) {
			out = append(out, o+obsSep+flagUnsetMark)
		}
	}
	if initialises {
		// Published by an atomic flag afterwards (publish.go).
		for _, f := range c.publishedAfter(fi.fn, instr) {
			out = append(out, observation(f, ""))
		}
	}
	return sortedSet(out)
}

// updates reports whether instr stores into path a value computed from a
// load of path.
func (c *checker) updates(instr ssa.Instruction, path string) bool {
	store, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	var from func(v ssa.Value, depth int) bool
	from = func(v ssa.Value, depth int) bool {
		if depth > 4 {
			return false
		}
		switch v := v.(type) {
		case *ssa.UnOp:
			if v.Op == token.MUL {
				return c.locOf(v.X) == path
			}
			return from(v.X, depth+1)
		case *ssa.BinOp:
			return from(v.X, depth+1) || from(v.Y, depth+1)
		case *ssa.Convert:
			return from(v.X, depth+1)
		case *ssa.ChangeType:
			return from(v.X, depth+1)
		}
		return false
	}
	return from(store.Val, 0)
}

// dropReleased removes from st's guards those under a lock no longer held:
// a guard read before a lock is released and taken again is stale.
func dropReleased(st *state) {
	if len(st.guard) > 0 {
		st.guard = heldGuards(st.guard, st.held, callerHeld(st))
	}
}

// sortedSet sorts ps in place and removes duplicates.
func sortedSet(ps []string) []string {
	slices.Sort(ps)
	return slices.Compact(ps)
}

// nonLocalObservations returns the observations of obs a caller can name.
func nonLocalObservations(obs []string) []string {
	var out []string
	for _, o := range obs {
		if g, lock := splitObservation(o); !isLocal(g) && !isLocal(lock) {
			out = append(out, o)
		}
	}
	return out
}

// rebaseObservations rebases a callee's observations onto the caller's
// frame.
func (c *checker) rebaseObservations(obs []string, args, bindings []ssa.Value) []string {
	var out []string
	for _, o := range obs {
		g, lock := splitObservation(o)
		g = c.rebase(g, args, bindings)
		if g == "" {
			continue
		}
		if lock != "" && lock != callerLock {
			if lock = c.rebaseLock(lock, args, bindings); lock == "" {
				continue
			}
		}
		out = append(out, observation(g, lock)+markOf(o))
	}
	return sortedSet(out)
}

// callerLock stands for the locks a function's caller holds when it is
// called: a guard read, or a flag set, in a helper that the caller runs
// holding its lock (mset.js.mu.Lock(); setDefaults(cfg); mset.js.mu.Unlock())
// is observed under those locks, which the callee cannot name. The call
// site rewrites it into the locks held there (expandCallerLock).
const callerLock = "^caller"

// calledByLockers returns the static callees of the functions of funcs
// that take a lock: the helpers a caller may run holding it. The strict
// reading, which follows no guard, has none.
func (c *checker) calledByLockers(funcs []*ssa.Function) map[*ssa.Function]bool {
	if c.model.Strict || len(c.guardNames) == 0 {
		return nil
	}
	out := make(map[*ssa.Function]bool)
	var callees []*ssa.Function
	for _, fn := range funcs {
		locks := false
		callees = callees[:0]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if rc, ok := c.model.Resolve(call.Common()); ok {
					if _, acquires := c.model.LockKindOf(rc).Acquires(); acquires {
						locks = true
						continue
					}
				}
				if callee, _ := staticCallee(call.Common()); callee != nil {
					callees = append(callees, callee)
				}
			}
		}
		if locks {
			for _, callee := range callees {
				out[callee] = true
			}
		}
	}
	return out
}

// callerHeld reports whether the function still holds, in st, every lock
// its caller held on entry: it has released none.
func callerHeld(st *state) bool { return len(st.released) == 0 }

// expandCallerLock rewrites a callee's observations under callerLock into
// ones under each lock of held, the caller's locks at the call: all of
// them for a read (seen), those held for writing for a guard and a flag
// set (guards). They are kept under callerLock too when the caller still
// holds its own caller's locks (keep). A callee's test of a terminal
// state, made while the locks of held were held, orders nothing and is
// dropped (withoutHeldTerminal).
func expandCallerLock(obs []string, held lockset, guards, keep bool) []string {
	obs = withoutHeldTerminal(obs, held)
	if !slices.ContainsFunc(obs, isCallerObservation) {
		return obs
	}
	out := make([]string, 0, len(obs)+len(held))
	for _, o := range obs {
		g, lock := splitObservation(o)
		if lock != callerLock {
			out = append(out, o)
			continue
		}
		if keep {
			out = append(out, o)
		}
		mark := markOf(o)
		for _, h := range held {
			if !h.Read || !guards && mark == "" {
				out = append(out, observation(g, h.Lock)+mark)
			}
		}
	}
	return sortedSet(out)
}

// maxObservations bounds the observations an access keeps: dropping
// some only loses orderings (more reports), and a few guards are all a
// reader goes through.
const maxObservations = 6

// maxSummaryObservations bounds the observations a summary passes to its
// callers: a helper that gives a configuration its defaults tests a dozen
// fields, which its caller reads afterwards.
const maxSummaryObservations = 16

// capObservations keeps the first max of the sorted set obs.
func capObservations(obs []string, max int) []string {
	if len(obs) > max {
		return keepFirst(obs, max, onceRank)
	}
	return obs
}

// keepFirst returns max observations of the sorted set obs, by rank
// (0 first), each rank in order, as a sorted set. The calls of a Once's
// Do (oncedone.go) come before other guards: they sort after the guards
// of package-level variables, which a long initialisation has many of.
func keepFirst(obs []string, max int, rank func(string) int) []string {
	out := make([]string, 0, max)
	for r := 0; r < 4; r++ {
		for _, o := range obs {
			if len(out) == max {
				return sortedSet(out)
			}
			if rank(o) == r {
				out = append(out, o)
			}
		}
	}
	return sortedSet(out)
}

// onceRank ranks the calls of a Once's Do before other observations,
// and a field's setting, which only the zero guard reads, after them
// (zeroguard.go): it must not push out what lazy initialisations and
// closing flags need.
func onceRank(o string) int {
	if strings.HasPrefix(o, oncePrefix) {
		return 0
	}
	if hasMark(o, nonZeroMark) {
		return 2
	}
	return 1
}

// capAccessObservations keeps maxObservations of the sorted set obs for an
// access of path: those of path itself first (the reader of a field that
// its own pass initialised), then the calls of a Once's Do, then the
// first others.
func capAccessObservations(obs []string, path string) []string {
	if len(obs) <= maxObservations {
		return obs
	}
	return keepFirst(obs, maxObservations, func(o string) int {
		if hasMark(o, nonZeroMark) {
			return 3 // last (onceRank)
		}
		if ofPath(o, path) {
			return 0 // the reader of a field its own pass initialised
		}
		return 1 + onceRank(o)
	})
}

// cappedSeen is interned(capAccessObservations(obs, path)), memoised by
// the slice obs when none of its observations is of path: those are
// capped alike for every path.
func (fi *funcInfo) cappedSeen(obs []string, path string) []string {
	if len(obs) <= maxObservations || slices.ContainsFunc(obs, func(o string) bool { return ofPath(o, path) }) {
		return fi.interned(capAccessObservations(obs, path))
	}
	id := idOf(obs)
	if s, ok := fi.capped[id]; ok {
		return s
	}
	s := fi.interned(capAccessObservations(obs, path))
	if fi.capped == nil {
		fi.capped = make(map[obsSlice][]string)
	}
	fi.capped[id] = s
	return s
}

// ofPath reports whether o is an observation of the location path.
func ofPath(o, path string) bool {
	return strings.HasPrefix(o, path) && strings.HasPrefix(o[len(path):], obsSep)
}

// meetDuplicate merges acc into prev, the same access (Access.key) on
// another path: it has seen, and is guarded by, only what both have.
func meetDuplicate(prev *Access, acc Access) {
	seen, guards := intersect(prev.Seen, acc.Seen), intersect(prev.Guards, acc.Guards)
	if !sameArray(seen, prev.Seen) || !sameArray(guards, prev.Guards) {
		sets := *prev.Sets
		sets.Seen, sets.Guards = seen, guards
		prev.Sets = &sets
	}
}

// interned returns the set equal to obs that fi's accesses share: most
// are the state's own set, found by identity, the others by content.
func (fi *funcInfo) interned(obs []string) []string {
	if len(obs) == 0 {
		return nil
	}
	id := obsSlice{&obs[0], len(obs)}
	if s, ok := fi.seenByID[id]; ok {
		return s
	}
	if fi.seenByID == nil {
		fi.seenByID = make(map[obsSlice][]string)
	}
	s := fi.seenSets.findOrAdd(obs)
	fi.seenByID[id] = s
	return s
}

// An obsRebaser rebases observations onto one call site's frame,
// memoised by the call and the slice, which the accesses of one callee
// state share (siteObs).
type obsRebaser struct {
	c              *checker
	at             ssa.Instruction
	args, bindings []ssa.Value
	// held and keep are the call site's locks and callerHeld, for
	// expand; heldKey names held, made on first use.
	held    lockset
	keep    bool
	heldKey string
	// memo is at's, found on first use.
	memo *siteObs
}

// siteObs holds the observations rebased at one call site, by the
// callee's slice (rebased), and expanded with the locks held there
// (expanded). Kept by call site, the memos are small maps: one map of
// every site's slices grew large enough that its inserts and lookups
// cost more than rebasing.
type siteObs struct {
	rebased  map[obsSlice][]string
	expanded map[expandedObs][]string
}

// site returns the memo of r's call site.
func (r *obsRebaser) site() *siteObs {
	if r.memo == nil {
		r.memo = r.c.siteObs[r.at]
		if r.memo == nil {
			r.memo = new(siteObs)
			if r.c.siteObs == nil {
				r.c.siteObs = make(map[ssa.Instruction]*siteObs)
			}
			r.c.siteObs[r.at] = r.memo
		}
	}
	return r.memo
}

// An obsSlice identifies a slice of observations by its first element and
// length: the slices are never written once made.
type obsSlice struct {
	first *string
	n     int
}

// idOf returns the identity of obs; the zero obsSlice if it is empty.
func idOf(obs []string) obsSlice {
	if len(obs) == 0 {
		return obsSlice{}
	}
	return obsSlice{&obs[0], len(obs)}
}

func (r *obsRebaser) rebase(obs []string) []string {
	if len(obs) == 0 {
		return nil
	}
	m := r.site()
	k := obsSlice{&obs[0], len(obs)}
	if out, ok := m.rebased[k]; ok {
		return out
	}
	out := r.c.rebaseObservations(obs, r.args, r.bindings)
	if m.rebased == nil {
		m.rebased = make(map[obsSlice][]string)
	}
	m.rebased[k] = out
	return out
}

// expand is rebase followed by expandCallerLock with the call site's
// locks, memoised by the call, the slice and the locks: the accesses of
// one callee state share their observations, and an analysis of the
// caller holds the same locks at the call on most visits.
func (r *obsRebaser) expand(obs []string, guards bool) []string {
	out := r.rebase(obs)
	if len(out) == 0 || !slices.ContainsFunc(out, isCallerObservation) {
		return withoutHeldTerminal(out, r.held)
	}
	if r.heldKey == "" {
		var b strings.Builder
		b.WriteString(strconv.FormatBool(r.keep))
		for _, h := range r.held {
			b.WriteString(obsSep)
			b.WriteString(h.Lock)
			b.WriteString(strconv.FormatBool(h.Read))
		}
		r.heldKey = b.String()
	}
	m := r.site()
	k := expandedObs{obsSlice{&obs[0], len(obs)}, r.heldKey, guards}
	if e, ok := m.expanded[k]; ok {
		return e
	}
	e := expandCallerLock(out, r.held, guards, r.keep)
	if m.expanded == nil {
		m.expanded = make(map[expandedObs][]string)
	}
	m.expanded[k] = e
	return e
}

// isCallerObservation reports whether o is under callerLock.
func isCallerObservation(o string) bool {
	_, lock := splitObservation(o)
	return lock == callerLock
}

// expandedObs keys a callee's observations at a call site expanded with
// the locks held there (heldKey), as a guard's or a read's (guards).
type expandedObs struct {
	obs     obsSlice
	heldKey string
	guards  bool
}

// canonObservations rewrites observations into entry-independent
// locations with canon, as pairs compare them. An entry point's caller
// holds no lock: its observations under callerLock are dropped.
func canonObservations(obs []string, canon func(string) string) []string {
	var out []string
	for _, o := range obs {
		g, lock := splitObservation(o)
		if lock == callerLock {
			continue
		}
		cg, clock := canon(g), lock
		if cg == "" {
			continue
		}
		if lock != "" {
			if clock = canon(lock); clock == "" {
				continue
			}
		}
		out = append(out, rewrittenObservation(o, g, lock, cg, clock))
	}
	return sortedSet(out)
}

// rewrittenObservation returns the observation o, of g under lock, as
// of cg under clock, with o's mark: o itself if that is what it says
// (half of them on net/http), rather than a copy.
func rewrittenObservation(o, g, lock, cg, clock string) string {
	mark := markOf(o)
	if cg == g && clock == lock && len(o) == len(g)+len(obsSep)+len(lock)+len(mark) {
		return o
	}
	return observation(cg, clock) + mark
}

// initOrdered reports whether the write w is a guarded initialisation
// that the read r follows: r's entry point read one of w's guards under
// the same lock, or atomically, before r.
func initOrdered(w, r *epAccess) bool {
	if !w.write || r.write || len(w.guards) == 0 || len(r.seen) == 0 {
		return false
	}
	for _, o := range w.guards {
		if m := markOf(o); m == obsSep+publishMark || m == obsSep+zeroMark || m == obsSep+settledMark ||
			m == obsSep+fixedZeroMark || m == obsSep+fixedSetMark {
			continue // publishOrdered's (publish.go), zeroOrdered's (zeroguard.go), fixedExclusive's (fixedguard.go)
		}
		g, lock := splitObservation(o)
		if strings.HasSuffix(o, obsSep+flagUnsetMark) {
			// Made only while g was false under lock; r follows its
			// own setting of g to true under it.
			if slices.Contains(r.seen, observation(g, lock)+obsSep+flagSetMark) {
				return true
			}
			continue
		}
		if slices.Contains(r.seen, o) || slices.Contains(r.seen, observation(g, "")) {
			return true
		}
	}
	return false
}

// seenIfNil returns what the function has seen when it returns a nil
// error: SeenIfNil, or Seen if that is all.
func (s *Summary) seenIfNil() []string {
	if len(s.SeenIfNil) > 0 {
		return s.SeenIfNil
	}
	return s.Seen
}

// returnsSuccess reports whether ret may be a success return of its
// function, the only returns its caller's success branch follows: one of a
// constant nil as its last result of type error (err :=
// setDefaults(cfg); if err != nil { return err }), or, when the last
// result is a bool, one of anything but a constant false (if
// !c.tryAcquire() { return }: a true the function computes may be one).
func returnsSuccess(ret *ssa.Return) bool {
	n := len(ret.Results)
	if n == 0 {
		return false
	}
	last := ret.Results[n-1]
	if isBool(last.Type()) {
		return !ssaops.IsFalse(last)
	}
	k, isConst := last.(*ssa.Const)
	return isConst && k.IsNil() && types.Identical(last.Type(), errorType)
}

// isBool reports whether t is a boolean type.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

var errorType = types.Universe.Lookup("error").Type()

// successCall returns the call whose last result ifi tests, if the i'th
// successor of ifi is the branch where that result says the call
// succeeded (returnsSuccess): an error compared with nil, on the branch
// where it is nil, or a bool tested directly or negated, on the branch
// where it is true.
func successCall(ifi *ssa.If, i int) *ssa.Call {
	if call := boolCall(ifi.Cond, i == 0); call != nil {
		return call
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil
	}
	if (cmp.Op == token.EQL) != (i == 0) {
		return nil // the branch where the error is not nil
	}
	v := cmp.X
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		v = cmp.Y
	} else if k, ok := cmp.Y.(*ssa.Const); !ok || !k.IsNil() {
		return nil
	}
	if !types.Identical(v.Type(), errorType) {
		return nil
	}
	return lastResultOf(v)
}

// boolCall returns the call whose last result, a bool, v is (true: on
// the branch where v holds) or negates (false), or nil.
func boolCall(v ssa.Value, onTrue bool) *ssa.Call {
	for {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		v, onTrue = u.X, !onTrue
	}
	if !onTrue || !isBool(v.Type()) {
		return nil
	}
	return lastResultOf(v)
}

// lastResultOf returns the call v is the last result of, or nil. v may
// be a load of a local variable that the call's result was just stored
// into (a named result: tx, err = db.Begin(); if err != nil {…}).
func lastResultOf(v ssa.Value) *ssa.Call {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if stored := storedJustBefore(u); stored != nil {
			v = stored
		}
	}
	if x, ok := v.(*ssa.Extract); ok {
		if t, ok := x.Tuple.Type().(*types.Tuple); !ok || x.Index != t.Len()-1 {
			return nil
		}
		v = x.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// storedJustBefore returns the value that load reads from a local
// variable when a store into that variable precedes it in its block with
// nothing in between that may change the variable: no call, and no store
// but into other local variables. Nil otherwise.
func storedJustBefore(load *ssa.UnOp) ssa.Value {
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	instrs := load.Block().Instrs
	i := slices.Index(instrs, ssa.Instruction(load))
	for i--; i >= 0; i-- {
		switch instr := instrs[i].(type) {
		case *ssa.Store:
			if instr.Addr == a {
				return instr.Val
			}
			if other, ok := instr.Addr.(*ssa.Alloc); !ok || other == a {
				return nil
			}
		case ssa.CallInstruction, *ssa.MapUpdate, *ssa.Send, *ssa.Select, *ssa.Alloc:
			return nil
		}
	}
	return nil
}

// comparison reports whether op compares its operands.
func comparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// isConst reports whether v is a constant, possibly converted.
func isConst(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Const:
			return true
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return false
		}
	}
}
