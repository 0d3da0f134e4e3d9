// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is the must-lockset dataflow of Fig. 3.7: a forward analysis
// over the SSA blocks of one function whose state is the current lockset
// CLS, the locks possibly released since entry, and the pending deferred
// calls. It runs once per function and produces both the function's
// Summary and its accesses in its own frame (sites), which the go-statement
// check needs with their instructions.

const (
	maxSites   = 4000 // accesses kept per function frame
	maxSummary = 256  // accesses kept in a summary
	maxFactAcc = 96   // accesses exported in a fact
)

// The fixpoint budget of one function: visitsFactor visits per block,
// plus visitsBase. Variables only so that a test can lower them
// (SetVisits); nothing else writes them.
var (
	visitsFactor = 16
	visitsBase   = 64
)

// state is the dataflow fact at a program point.
//
// released is what makes summaries compose: a lock the caller held is
// held at a point of the callee unless the callee may have released it
// and not taken it again (a callback run with the lock dropped, then
// re-locked). Locks taken again are removed from released, so the
// caller's lock survives a join of a path that never dropped it with one
// that dropped and re-took it.
type state struct {
	held     lockset      // must be held (CLS)
	released []string     // may have been released, and not re-taken, since entry (sorted)
	deferred []*ssa.Defer // may be pending, in program order
	// own is set while a deferred call runs: the locks held on every
	// path where it was deferred, which its unlocks give back as this
	// frame's own (defer mu.Unlock() right after a conditional Lock).
	own []string
	// entry are the locks every caller holds (see entryLocks): held on
	// entry, and the caller's, so releasing one is a release.
	entry []string
	// recvd are the channels received from on every path since entry
	// (chanclose.go), sorted.
	recvd []string
	// seen are the guards of lazy initialisations read on every path
	// since entry, and guard those read under a lock held since
	// (lazyinit.go), as sorted observations.
	seen, guard []string
}

func (s *state) clone() *state { c := *s; return &c }

// release drops lock. A lock this frame holds on every path was taken by
// this frame (Go mutexes are not reentrant, so the caller cannot hold it
// too): dropping it does not affect the caller. Any other lock may be the
// caller's, which it no longer holds after this point.
func (s *state) release(lock string) {
	if slices.Contains(s.own, lock) {
		s.held = s.held.remove(lock)
		return
	}
	if s.held.find(lock) >= 0 {
		s.held = s.held.remove(lock)
		if !slices.Contains(s.entry, lock) {
			return
		}
	}
	s.released = union(s.released, []string{lock})
}

func (s *state) equal(o *state) bool { // own is transient
	return s.held.equal(o.held) && slices.Equal(s.released, o.released) && slices.Equal(s.deferred, o.deferred) &&
		slices.Equal(s.recvd, o.recvd) && slices.Equal(s.seen, o.seen) && slices.Equal(s.guard, o.guard)
}

// meet joins two control-flow paths.
func (c *checker) meet(fi *funcInfo, a, b *state) *state {
	out := &state{held: a.held.meet(b.held), released: union(a.released, b.released), entry: a.entry, recvd: intersect(a.recvd, b.recvd),
		seen: intersect(a.seen, b.seen), guard: intersect(a.guard, b.guard)}
	out.deferred = slices.Clone(a.deferred)
	for _, d := range b.deferred {
		if !slices.Contains(out.deferred, d) {
			out.deferred = append(out.deferred, d)
		}
	}
	slices.SortFunc(out.deferred, func(x, y *ssa.Defer) int { return fi.order[x] - fi.order[y] })
	return out
}

// A site is an access in a function's own frame, at an instruction.
type site struct {
	acc   Access
	instr ssa.Instruction
}

// funcInfo is the result of analysing one function body.
type funcInfo struct {
	fn    *ssa.Function
	args  boolArgs   // parameters fixed to constants (boolargs.go)
	split *condSplit // a condition followed (split.go)
	exits bool       // some return is reached
	sum   *Summary
	sites []site
	order map[*ssa.Defer]int
	// invokes are the calls through an interface on a parameter that the
	// final pass met holding no lock (invokes.go), for the summary.
	invokes []Invoke
	// deferHeld records the locks held on every visit of each defer.
	deferHeld map[*ssa.Defer][]string
	// callHeld records the locks held at each call of a function of the
	// package, for the callee's entry locks.
	callHeld map[ssa.CallInstruction]lockset
	// callKeeps records the calls before which, on every path, the
	// function has released none of its caller's locks: whatever its
	// callers hold on entry, it still holds there.
	callKeeps map[ssa.CallInstruction]bool
	// drops records the instructions after which a lock held before
	// them may no longer be, for the locks a goroutine inherits
	// (inherit.go); only in an analysis with sites (full).
	drops []lockDrop
	// guards are the locations fn tests before initialising them
	// (lazyinit.go), or nil; seenSets interns the Seen sets of its
	// accesses, so that a caller rebases each once (obsRebaser).
	guards   *initGuards
	seenSets obsSetTable
	// zeroBranches maps the first block of the branch a zero test of a
	// field takes when it is zero to that guard, and nonZeroAt the calls
	// to the fields set before them (zeroguard.go).
	zeroBranches map[*ssa.BasicBlock][]string
	nonZeroAt    map[ssa.CallInstruction][]string
	seenByID     map[obsSlice][]string
	// capped memoises cappedSeen for the sets it caps alike whatever
	// the access's path.
	capped map[obsSlice][]string
	// sets are the Sets its accesses last made, for the next to share.
	sets setsCache
	// seenIfNil maps a call whose callee has a Summary.SeenIfNil to
	// those observations in fn's frame, for the branch where the call's
	// error is nil (edge).
	seenIfNil ifNil[string]
	// acquireIfNil maps a call whose callee has a Summary.AcquireIfNil
	// to those locks in fn's frame, held on the branch where the call's
	// error is nil (edge, nilerrlock.go).
	acquireIfNil ifNil[Held]
	// receivedIfNil maps a call whose callee has a
	// Summary.ReceivedIfNil to those channels in fn's frame, received
	// from on the branch where the call's error is nil (recvifnil.go).
	receivedIfNil ifNil[string]
	// detached maps the loads a store of the same critical section
	// detaches to the locks held (detach.go).
	detached map[ssa.Value]lockset
	// keepsSites is set for an analysis that keeps its sites (full);
	// recordingDone, once the final pass of the analysis records no
	// more accesses of its callees (its summary holds maxSummary of them
	// and it keeps no sites, or it has emitted maxSites), and sitesDone
	// once it has emitted maxSites and records nothing more, not even
	// its own accesses (which a full summary still takes: a goroutine's
	// err = s.add(cfg) after a call that filled it). The final pass
	// rebases a callee's accesses only while they can still be recorded
	// (wants): in the largest packages a third of the accesses rebased
	// at call sites reached a full summary and were dropped.
	keepsSites, recordingDone, sitesDone bool
}

// wants reports whether the final pass of fi can still record an access
// to path in fi's frame with everything the access carries. When it
// returns false, an access to path is not emitted at all if fi is done
// recording, and is emitted bare (its path only, which record counts
// towards maxSites) if it is local and fi keeps no sites. A nil fi (a
// caller collecting every access, goAccesses) wants them all.
func (fi *funcInfo) wants(path string) bool {
	return !fi.done() && (fi == nil || fi.keepsSites || !isLocal(path))
}

// done reports whether the final pass of fi records no more accesses; a
// nil fi never is.
func (fi *funcInfo) done() bool { return fi != nil && fi.recordingDone }

// A lockDrop is an instruction after which lock may no longer be held.
type lockDrop struct {
	instr ssa.Instruction
	lock  string
}

// recordDrops records the locks of before that instr leaves out of after.
func (fi *funcInfo) recordDrops(instr ssa.Instruction, before, after lockset) {
	for _, h := range before {
		if after.find(h.Lock) < 0 {
			d := lockDrop{instr, h.Lock}
			if !slices.Contains(fi.drops, d) {
				fi.drops = append(fi.drops, d)
			}
		}
	}
}

// recordCall records the locks held at call in state st, met with those
// of the other visits.
func (fi *funcInfo) recordCall(call ssa.CallInstruction, st *state) {
	if prev, seen := fi.callHeld[call]; seen {
		fi.callHeld[call] = prev.meet(st.held)
		fi.callKeeps[call] = fi.callKeeps[call] && len(st.released) == 0
	} else {
		fi.callHeld[call] = st.held
		fi.callKeeps[call] = len(st.released) == 0
	}
}

var emptySummary = &Summary{}

// info analyses fn if it has a body, memoised. A recursive call sees the
// empty summary: recursion contributes no lock effects or accesses
// (a documented unsoundness; Whoop's Houdini would iterate instead).
//
// The analysis keeps no sites (withSites): most functions are only
// callees, whose summaries are all their callers need. full gives the
// sites of the functions that need them.
func (c *checker) info(fn *ssa.Function) *funcInfo {
	k := analysisKey{fn: fn}
	if fi, ok := c.funcs[fn]; ok && c.reuse(k, fi, func(x *funcInfo) { c.funcs[fn] = x }) {
		return fi
	}
	if fn.Blocks == nil {
		return nil
	}
	c.funcs[fn] = nil
	c.deps.begin()
	fi := c.analyzeSplit(fn, nil, false)
	c.deps.end(k, fi)
	c.funcs[fn] = fi
	return fi
}

// full is info with the accesses of fn in its own frame (sites), for the
// entry points, the functions that start goroutines and the goroutines'
// bodies, memoised. Its summary is info's.
func (c *checker) full(fn *ssa.Function) *funcInfo {
	// Not kept from one round of analyzeAll to the next: an analysis
	// that needs it is analysed again.
	c.deps.cut()
	if fi, ok := c.fulls[fn]; ok {
		return fi
	}
	if c.info(fn) == nil {
		return nil
	}
	fi := c.analyzeSplit(fn, nil, true)
	c.fulls[fn] = fi
	return fi
}

// calleeSummary returns the summary of a statically known callee: from
// its body if we have one, else from a fact exported by its package.
func (c *checker) calleeSummary(fn *ssa.Function) *Summary {
	if fn.Blocks != nil {
		if fi := c.info(fn); fi != nil {
			return fi.sum
		}
		return emptySummary
	}
	if o := fn.Origin(); o != nil && o != fn {
		return c.calleeSummary(o)
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == c.pkg {
		return emptySummary // no body: assembly, linkname, or synthetic
	}
	obj = obj.Origin()
	if s, ok := c.factSums[obj]; ok {
		return s
	}
	s := c.factSummary(obj)
	if c.factSums == nil {
		c.factSums = make(map[*types.Func]*Summary)
	}
	c.factSums[obj] = s
	return s
}

// factSummary returns the summary of obj, a function of another package,
// from the fact its package exports, or the empty summary.
func (c *checker) factSummary(obj *types.Func) *Summary {
	x, ok := c.facts[obj.Pkg()]
	if !ok {
		var sums Summaries
		if c.pass.ImportPackageFact(obj.Pkg(), &sums) {
			x = sums.index()
		}
		c.facts[obj.Pkg()] = x
	}
	if x != nil {
		if s := x.lookup(obj.FullName()); s != nil {
			return s
		}
	}
	return emptySummary
}

// analyze analyses fn with args fixed and split followed; withSites
// keeps its accesses in its own frame (fi.sites), else only its summary
// is built, from the same accesses in the same order.
func (c *checker) analyze(fn *ssa.Function, args boolArgs, split *condSplit, withSites bool) *funcInfo {
	fi := &funcInfo{fn: fn, args: args, split: split, order: make(map[*ssa.Defer]int), deferHeld: make(map[*ssa.Defer][]string), callHeld: make(map[ssa.CallInstruction]lockset), callKeeps: make(map[ssa.CallInstruction]bool),
		keepsSites: withSites}
	fi.guards = c.guardsOf(fn)
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok {
				fi.order[d] = n
				n++
			}
		}
	}

	// Fixpoint over block entry states; nil is "not yet reached" (⊤).
	in := make([]*state, len(fn.Blocks))
	entry := c.entryHeld[fn]
	in[0] = &state{held: entry}
	for _, h := range entry {
		in[0].entry = append(in[0].entry, h.Lock)
	}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	queued := make([]bool, len(fn.Blocks))
	queued[0] = true
	budget := visitsFactor*len(fn.Blocks) + visitsBase
	for len(work) > 0 && budget > 0 {
		budget--
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		st := in[b.Index].clone()
		for _, instr := range b.Instrs {
			c.step(fi, st, instr, nil)
		}
		for i, succ := range b.Succs {
			if !c.feasible(fi, b, i) {
				continue
			}
			out := c.edge(fi, st, b, i)
			if prev := in[succ.Index]; prev != nil {
				out = c.meet(fi, prev, out)
				if out.equal(prev) {
					continue
				}
			}
			in[succ.Index] = out
			if !queued[succ.Index] {
				queued[succ.Index] = true
				work = append(work, succ)
			}
		}
	}

	if len(work) > 0 {
		c.overBudget[fn] = true // stopped before it settled
	}
	fi.detached = c.detachedLoads(fi, in)
	c.indexZeroBranches(fi, in) // zeroguard.go

	// Final pass: record accesses and the exit state.
	sum := &Summary{}
	// The accesses, and a full analysis's sites, are gathered in a
	// scratch buffer and copied once they are all known, without the
	// slack of appending.
	scratch := c.getScratch()
	defer c.putScratch(scratch)
	seen := scratch.seen
	accs := scratch.accs[:0]
	sites := scratch.sites[:0]
	emitted := 0
	record := func(s site) {
		if emitted >= maxSites {
			return
		}
		emitted++
		if emitted >= maxSites {
			fi.recordingDone, fi.sitesDone = true, true
		}
		if withSites {
			sites = append(sites, s)
		}
		if isLocal(s.acc.Path) || len(accs) >= maxSummary && s.acc.calls != nil {
			return // the function's own accesses are kept past the bound
		}
		if i, ok := seen.find(&s.acc, accs, len(accs)); ok {
			meetDuplicate(&accs[i], s.acc)
			return
		}
		accs = append(accs, s.acc)
		if len(accs) >= maxSummary && !withSites {
			fi.recordingDone = true // nothing further is kept
		}
	}
	closing, closesOnEntry := c.closesAfter(fi)
	sending := c.sendsAfter(fi)
	var exit *state
	var seenIfNil []string  // met over the success returns (returnsSuccess)
	var heldIfNil lockset   // met over the success returns
	var recvdIfNil []string // met over the success returns
	returnsNil := false
	for _, b := range fn.Blocks {
		if in[b.Index] == nil {
			continue // unreachable (or the recover block)
		}
		st := in[b.Index].clone()
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				fi.recordCall(call, st)
			}
			if call, ok := instr.(ssa.CallInstruction); ok && c.tracksSettings() {
				fi.recordNonZero(call, st)
			}
			before := st.held
			c.step(fi, st, instr, func(a Access) {
				own := a.calls == nil && !isLocal(a.Path) && !fi.sitesDone
				if !own && !fi.wants(a.Path) {
					if !fi.done() {
						record(site{a, instr}) // counted only
					}
					return
				}
				sets := *a.Sets
				sets.Before = union(union(a.Before, closing[instr]), sending[instr])
				sets.Seen = fi.cappedSeen(withoutNonZero(union(a.Seen, st.seen)), a.Path)
				if a.Write {
					sets.Guards = union(a.Guards, c.writeGuards(fi, st, instr, a.Path, a.Held))
				}
				if pubs := c.publishedAfter(fi.fn, instr); len(pubs) > 0 {
					sets.Guards = union(sets.Guards, publishGuards(pubs)) // publish.go
				}
				if zs := c.zeroGuards(fi, instr.Block()); len(zs) > 0 {
					sets.Guards = union(sets.Guards, zs) // zeroguard.go
				}
				if fs := c.fixedGuards(fi.fn)[instr.Block()]; len(fs) > 0 {
					sets.Guards = union(sets.Guards, fs) // fixedguard.go
				}
				a.Sets = fi.sets.share(sets, a.Sets)
				record(site{a, instr})
			})
			if withSites {
				// Only spawners, which full analyses, need them.
				fi.recordDrops(instr, before, st.held)
			}
			if ret, ok := instr.(*ssa.Return); ok {
				if exit == nil {
					exit = st.clone()
				} else {
					exit = c.meet(fi, exit, st)
				}
				if returnsSuccess(ret) {
					if seenIfNil == nil {
						seenIfNil = slices.Clip(st.seen)
					} else {
						seenIfNil = intersect(seenIfNil, st.seen)
					}
					if !returnsNil {
						heldIfNil, recvdIfNil, returnsNil = st.held, st.recvd, true
					} else {
						heldIfNil = heldIfNil.meet(st.held)
						recvdIfNil = intersect(recvdIfNil, st.recvd)
					}
				}
			}
		}
	}

	fi.exits = exit != nil
	if exit != nil {
		// The entry locks are the caller's: not acquired by this call.
		sum.Acquire = slices.DeleteFunc(slices.Clone(exit.held), func(h Held) bool { return slices.Contains(exit.entry, h.Lock) })
		sum.Release = exit.released
		sum.Received = nonLocal(exit.recvd)
		sum.Seen = capObservations(nonLocalObservations(exit.seen), maxSummaryObservations)
		sum.Closes = nonLocal(closesOnEntry)
		if extra := nonLocalObservations(seenIfNil); len(extra) > len(sum.Seen) {
			sum.SeenIfNil = capObservations(extra, maxSummaryObservations)
		}
		sum.AcquireIfNil = onlyIfNil(slices.DeleteFunc(slices.Clone(heldIfNil), func(h Held) bool { return slices.Contains(exit.entry, h.Lock) }), sum.Acquire)
		sum.ReceivedIfNil = onlyReceivedIfNil(nonLocal(recvdIfNil), sum.Received)
	}
	if len(accs) > 0 {
		sum.Accesses = slices.Clone(accs)
	}
	if len(sites) > 0 {
		fi.sites = slices.Clone(sites)
	}
	sum.Invokes = fi.invokes
	scratch.accs, scratch.sites = accs, sites
	fi.sum = sum
	fi.dropAnalysisMemos()
	return fi
}

// dropAnalysisMemos lets go of what only the analysis of fi itself looks
// up (its passes over the blocks: step, edge, meet): a funcInfo is kept
// for the whole package, and its callers, entryLocks and the checks of
// entry points read only its summary, sites, exits, callHeld, callKeeps
// and drops.
func (fi *funcInfo) dropAnalysisMemos() {
	fi.seenSets, fi.seenByID, fi.capped = obsSetTable{}, nil, nil
	fi.sets = setsCache{}
	fi.order, fi.deferHeld, fi.detached = nil, nil, nil
	fi.seenIfNil, fi.acquireIfNil, fi.receivedIfNil = nil, nil, nil
}

// A scratch holds the buffers that analyze reuses from one function to
// the next; analyses nest (a callee is analysed on first call), so each
// takes its own from checker.scratch.
type scratch struct {
	accs  []Access
	seen  *accessIndex // of accs
	sites []site       // of a full analysis (fi.sites)
}

func (c *checker) getScratch() *scratch {
	if n := len(c.scratch); n > 0 {
		s := c.scratch[n-1]
		c.scratch = c.scratch[:n-1]
		return s
	}
	return &scratch{seen: newAccessIndex()}
}

func (c *checker) putScratch(s *scratch) {
	clear(s.accs) // what it points to may go
	s.accs = s.accs[:0]
	clear(s.sites)
	s.sites = s.sites[:0]
	s.seen.reset()
	c.scratch = append(c.scratch, s)
}

// edge returns the state on the i'th out-edge of b, which differs from the
// block's exit state only after a TryLock: the lock is held on the edge
// where TryLock reported success.
func (c *checker) edge(fi *funcInfo, st *state, b *ssa.BasicBlock, i int) *state {
	if ch := model.CaseReceive(b, b.Succs[i]); ch != nil {
		st = c.received(st.clone(), ch)
	}
	st = c.tokenCase(st, b, b.Succs[i])
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return st
	}
	if p := c.nilChanEdge(ifi, i); p != "" {
		st = st.clone()
		st.recvd = union(st.recvd, []string{nilPrefix + p}) // chansend.go
	}
	if obs := fi.seenIfNil.edge(ifi, i); len(obs) > 0 {
		st = st.clone()
		st.seen = union(st.seen, obs)
	}
	if obs := c.nonZeroEdge(b, i); len(obs) > 0 {
		st = st.clone()
		st.seen = union(st.seen, obs) // zeroguard.go
	}
	if obs := c.terminalEdge(st, b, i); len(obs) > 0 {
		st = st.clone()
		st.seen = union(st.seen, obs) // terminal.go
	}
	if chans := fi.receivedIfNil.edge(ifi, i); len(chans) > 0 {
		st = st.clone()
		st.recvd = union(st.recvd, chans) // recvifnil.go
	}
	if locks := fi.acquireIfNil.edge(ifi, i); len(locks) > 0 {
		st = st.clone()
		for _, h := range locks {
			st.held = st.held.add(h)
			st.released = without(st.released, h.Lock)
		}
	}
	if lock := c.swapWon(ifi, i); lock != "" {
		out := st.clone()
		out.held = out.held.add(Held{Lock: lock}) // casonce.go
		return out
	}
	if lock := c.lastRefEdge(ifi, i); lock != "" {
		out := st.clone()
		out.held = out.held.add(Held{Lock: lock}) // lastref.go
		return out
	}
	cond, want := ifi.Cond, 0
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, want = u.X, 1
	}
	call, ok := cond.(*ssa.Call)
	if !ok || i != want {
		return st
	}
	if lock := c.casWon(call); lock != "" {
		out := st.clone()
		out.held = out.held.add(Held{Lock: lock}) // casonce.go
		return out
	}
	rc, ok := c.model.Resolve(call.Common())
	if !ok {
		return st
	}
	kind := c.model.LockKindOf(rc)
	read, acquires := kind.Acquires()
	if !acquires || !kind.Conditional() || rc.Recv == nil {
		return st
	}
	lock := c.lockPath(rc.Recv)
	if lock == "" {
		return st
	}
	out := st.clone()
	out.held = out.held.add(Held{Lock: lock, Read: read})
	out.released = without(out.released, lock)
	return out
}

// step applies the transfer function of instr to st, reporting accesses
// to emit if it is non-nil.
func (c *checker) step(fi *funcInfo, st *state, instr ssa.Instruction, emit func(Access)) {
	switch instr := instr.(type) {
	case *ssa.UnOp:
		if instr.Op == token.MUL && emit != nil && !model.IsSyncType(instr.Type()) && !c.paramVar(instr.X) {
			c.direct(fi, st, instr.X, false, instr, emit)
		}
		c.observe(fi, st, instr)
		if instr.Op == token.ARROW {
			c.received(st, instr.X)
			c.tokenOp(st, instr.X, false) // chanlock.go
		}
	case *ssa.Send:
		c.tokenOp(st, instr.Chan, true)
		c.handshakeSent(st, instr.Chan) // handshake.go
	case *ssa.Store:
		if emit != nil && !model.IsSyncType(instr.Val.Type()) && !ssaops.SelfStore(instr) && !c.spill(instr) {
			c.direct(fi, st, instr.Addr, true, instr, emit)
		}
		c.flagSet(st, instr)
		c.zeroSet(st, instr)
		c.terminalSet(st, instr)
	case *ssa.MapUpdate:
		if emit != nil {
			c.element(fi, st, instr.Map, true, instr, emit)
		}
	case *ssa.Lookup:
		if _, ok := ssaops.CoreType(instr.X.Type()).(*types.Map); ok && emit != nil {
			c.element(fi, st, instr.X, false, instr, emit)
		}
	case *ssa.Range:
		if _, ok := ssaops.CoreType(instr.X.Type()).(*types.Map); ok && emit != nil {
			c.element(fi, st, instr.X, false, instr, emit)
		}
	case *ssa.Call:
		c.call(fi, st, &instr.Call, instr, emit)
		c.observe(fi, st, instr)
	case *ssa.Go:
		if emit != nil {
			fi.recordCall(instr, st) // the locks it may hand off (handOff)
		}
		for _, l := range c.handOff(st.held, &instr.Call) {
			st.release(l.Lock)
		}
	case *ssa.Defer:
		if !slices.Contains(st.deferred, instr) {
			st.deferred = append(slices.Clone(st.deferred), instr)
		}
		var held []string
		for _, h := range st.held {
			held = append(held, h.Lock)
		}
		if prev, ok := fi.deferHeld[instr]; ok {
			held = slices.DeleteFunc(held, func(l string) bool { return !slices.Contains(prev, l) })
		}
		fi.deferHeld[instr] = held
	case *ssa.RunDefers:
		for i := len(st.deferred) - 1; i >= 0; i-- {
			d := st.deferred[i]
			if emit != nil {
				fi.recordCall(d, st) // the deferred call runs here
			}
			st.own = fi.deferHeld[d]
			c.call(fi, st, &d.Call, d, emit)
			st.own = nil
		}
		st.deferred = nil
	}
	dropReleased(st)
	// *ssa.Go does not run its callee in this thread; see entry.go.
}

// direct records a load or store of the location addressed by addr, and
// of its fields when it holds a whole struct (wholeStruct).
func (c *checker) direct(fi *funcInfo, st *state, addr ssa.Value, write bool, instr ssa.Instruction, emit func(Access)) {
	p := c.locOf(addr)
	if p == "" {
		return
	}
	a := c.frameAccess(fi, st, fi.withDetached(st.held, addr), p, write, false, accessPos(addr, instr))
	a.Elem = constElem(addr)
	emit(a)
	fields := wholeStruct(addr.Type())
	if len(fields) == 0 {
		return
	}
	base := c.pathOf(addr) // &s.f is s's path and .f (pathOf)
	for _, f := range fields {
		if fp := extend(base, "."+f); fp != "" {
			fa := a
			fa.Path, fa.Elem = fp, 0
			emit(fa)
		}
	}
}

// maxCopiedFields bounds the fields a whole struct's copy is recorded as
// accessing, so that copying a large configuration costs little.
const maxCopiedFields = 16

// wholeStruct returns, for the address of a struct, the names of the
// fields a copy of the whole struct (v := *s, return *s, a value
// receiver's call) reads and an assignment of it (*s = T{}) writes: the
// location of the struct is not the location of its fields, which other
// code accesses by name. Fields of sync and sync/atomic types (a copy of
// a lock is vet's copylocks check), blank fields and structs with more
// than maxCopiedFields fields are left out.
func wholeStruct(addr types.Type) []string {
	ptr, ok := ssaops.CoreType(addr).(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ssaops.CoreType(ptr.Elem()).(*types.Struct)
	if !ok || st.NumFields() > maxCopiedFields {
		return nil
	}
	var out []string
	for f := range st.Fields() {
		if f.Name() == "_" || model.IsSyncType(f.Type()) {
			continue
		}
		out = append(out, f.Name())
	}
	return out
}

// constElem returns, for the address of a slice or array element at a
// constant index k (errs[1]), k+1; else 0.
func constElem(addr ssa.Value) int64 {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return 0
	}
	if k, ok := ia.Index.(*ssa.Const); ok && k.Value != nil {
		if n, exact := constant.Int64Val(constant.ToInt(k.Value)); exact && n >= 0 {
			return n + 1
		}
	}
	return 0
}

// element records an access to the contents of a map or slice value.
func (c *checker) element(fi *funcInfo, st *state, v ssa.Value, write bool, instr ssa.Instruction, emit func(Access)) {
	p := extend(c.pathOf(v), elemSel)
	if p == "" {
		return
	}
	a := c.frameAccess(fi, st, fi.withDetached(st.held, v), p, write, false, accessPos(v, instr))
	emit(a)
}

// frameAccess makes an access of fi's own at the state st, holding held
// (st.held, or more).
func (c *checker) frameAccess(fi *funcInfo, st *state, held lockset, p string, write, atomic bool, pos token.Pos) Access {
	sets := fi.sets.share(Sets{Held: held, Released: st.released, After: st.recvd}, nil)
	return Access{Path: p, Write: write, Atomic: atomic, Sets: sets, Func: c.funcName(fi.fn), Pos: pos}
}

// accessPos prefers the position of the selector that names the location.
func accessPos(addr ssa.Value, instr ssa.Instruction) token.Pos {
	switch a := addr.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr:
		if a.Pos().IsValid() {
			return a.Pos()
		}
	}
	if instr.Pos().IsValid() {
		return instr.Pos()
	}
	if _, ok := addr.(*ssa.Global); !ok && addr.Pos().IsValid() {
		return addr.Pos()
	}
	// An implicit load (x++ on a global): use the next positioned
	// instruction of the block, which belongs to the same statement.
	if b := instr.Block(); b != nil {
		after := false
		for _, i := range b.Instrs {
			if i == instr {
				after = true
			} else if after && i.Pos().IsValid() {
				return i.Pos()
			}
		}
	}
	if fn := instr.Parent(); fn != nil {
		return fn.Pos()
	}
	return token.NoPos
}

// call applies the effect of a call (or deferred call) to st. What a
// call does to locks, Once and goroutines comes from the model's rows;
// sync/atomic calls are atomic accesses; other static callees contribute
// their summaries.
func (c *checker) call(fi *funcInfo, st *state, call *ssa.CallCommon, instr ssa.Instruction, emit func(Access)) {
	if b, ok := call.Value.(*ssa.Builtin); ok {
		if emit == nil || len(call.Args) == 0 {
			return
		}
		switch b.Name() {
		case "len":
			// A map's length is its contents' count, which every
			// insertion and deletion writes.
			if _, ok := ssaops.CoreType(call.Args[0].Type()).(*types.Map); ok {
				c.element(fi, st, call.Args[0], false, instr, emit)
			}
		case "delete", "clear":
			c.element(fi, st, call.Args[0], true, instr, emit)
		case "copy":
			c.element(fi, st, call.Args[0], true, instr, emit)
			c.element(fi, st, call.Args[1], false, instr, emit)
		}
		return
	}
	if rc, ok := c.model.Resolve(call); ok {
		if kind := c.model.LockKindOf(rc); kind != 0 {
			// TryLock acquires on its true edge only; see edge.
			if !kind.Conditional() && rc.Recv != nil {
				c.lockOp(st, kind, c.lockPath(rc.Recv))
			}
			return
		}
		if rc.Joins() {
			c.waited(st, rc.Recv) // wg.Wait(): after every Done (chanclose.go)
			return
		}
		if row, ok := rc.Row(model.Once); ok && len(row.Args) > 0 {
			c.onceDo(fi, st, rc.Recv, rc.Arg(row.Args[0]), instr, emit)
			return
		}
		if _, ok := rc.Row(model.Spawn); ok {
			return // runs its argument in another goroutine
		}
		if f := c.model.Awaited(rc); f != nil {
			c.callValue(fi, st, f, instr, emit) // runs f on goroutines it waits for
			return
		}
		c.invokedMethods(fi, st, rc, instr, emit) // invokes.go
	}
	args, callee := call.Args, call.StaticCallee()
	if call.IsInvoke() {
		// A dynamic callee is unknown (see doc), unless the interface
		// value has one concrete type the package names (ifacecalls.go).
		if callee = c.concreteCallee(call); callee == nil {
			c.recordInvoke(fi, st, call.Value, []string{call.Method.Name()}, emit) // invokes.go
			return
		}
		args = append([]ssa.Value{call.Value}, call.Args...)
	}
	if callee == nil {
		// A func value: what the package passes for it, if it is a
		// parameter or a captured variable (funcvalues.go).
		c.callFuncValue(fi, st, call, instr, emit)
		return
	}
	if obj, ok := callee.Object().(*types.Func); ok {
		if write, ok := model.AtomicAccess(obj); ok {
			if emit != nil && len(args) > 0 {
				if p := c.locOf(args[0]); p != "" {
					emit(c.frameAccess(fi, st, st.held, p, write, true, instr.Pos()))
				}
			}
			return
		}
	}
	if pkg := funcPkg(callee); pkg == "sync" || opaquePkg(pkg) {
		return
	}
	_, bindings := staticCallee(call)
	sum := c.summaryWith(fi, callee, args, bindings, instr)
	if ret, ok := instr.(*ssa.Call); ok && len(sum.SeenIfNil) > 0 {
		// Before apply: the locks held at the call, which the callee may release.
		fi.seenIfNil.set(ret, expandCallerLock(c.rebaseObservations(sum.SeenIfNil, args, bindings), st.held, false, callerHeld(st)))
	}
	if ret, ok := instr.(*ssa.Call); ok && len(sum.AcquireIfNil) > 0 {
		c.recordAcquireIfNil(fi, ret, sum.AcquireIfNil, args, bindings)
	}
	if ret, ok := instr.(*ssa.Call); ok && len(sum.ReceivedIfNil) > 0 {
		c.recordReceivedIfNil(fi, ret, sum.ReceivedIfNil, args, bindings)
	}
	c.apply(fi, st, sum, callee, args, bindings, instr, emit)
	for _, inv := range sum.Invokes {
		if inv.Param < len(args) {
			c.applyInvoke(fi, st, callee, args[inv.Param], inv.Methods, instr, emit) // invokes.go
		}
	}
}

// staticCallee returns the function call statically calls, and the
// bindings of the literal if it calls one; nil for a dynamic call.
func staticCallee(call *ssa.CallCommon) (*ssa.Function, []ssa.Value) {
	if call.IsInvoke() {
		return nil, nil
	}
	callee := call.StaticCallee()
	if callee == nil {
		return nil, nil
	}
	if mc, ok := call.Value.(*ssa.MakeClosure); ok {
		return callee, mc.Bindings
	}
	return callee, nil
}

// bodyOf returns the function whose body a call of fn runs: fn, or for an
// instantiation of a generic function, the generic function, whose
// parameters are fn's. Unless generics are instantiated, an instance's
// own body only calls it, passing its parameters on, so the branches on
// them are the generic function's.
func bodyOf(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil && o.Blocks != nil {
		return o
	}
	return fn
}

// handOff returns the locks of held that a goroutine started by call
// releases without taking them first (a lock handed off: the spawner
// locks, the goroutine unlocks when done):
//
//	s.mu.Lock()
//	go func() { s.flush(); s.mu.Unlock() }()
//
// The goroutine holds them until it releases them, and the spawner no
// longer does once the goroutine starts.
func (c *checker) handOff(held lockset, call *ssa.CallCommon) lockset {
	callee, bindings := staticCallee(call)
	if len(held) == 0 || callee == nil {
		return nil
	}
	var out lockset
	for _, r := range c.calleeSummary(callee).Release {
		if l := c.rebaseLock(r, call.Args, bindings); l != "" {
			if i := slices.IndexFunc(held, func(h Held) bool { return h.Lock == l }); i >= 0 {
				out = out.add(held[i])
			}
		}
	}
	return out
}

// apply rebases a callee summary onto the caller's frame (Fig. 3.7 lifted
// to procedure summaries): each callee access is held under the caller's
// lockset minus what the callee released before it, plus what the callee
// itself held; then the callee's net lock effect updates CLS. fi is the
// analysis whose final pass emit records into, which says which accesses
// it still wants (funcInfo.wants); nil for a caller that collects them all.
func (c *checker) apply(fi *funcInfo, st *state, sum *Summary, callee *ssa.Function, args, bindings []ssa.Value, instr ssa.Instruction, emit func(Access)) {
	if sum == nil || sum.empty() {
		return
	}
	rebaseAll := func(locks []string) []string {
		var out []string
		for _, l := range locks {
			if r := c.rebaseLock(l, args, bindings); r != "" {
				out = union(out, []string{r})
			}
		}
		return out
	}
	var memo *siteObs // the call site's, once an obsRebaser found it
	if emit != nil && !fi.done() {
		local := c.ownFunc(callee)
		calleeName := c.funcName(callee)
		// links holds the chain this call site puts above each
		// callee chain, made once for the accesses sharing it; obs
		// rebases the observations the callee's accesses share.
		var links map[*callChain]*callChain
		obs := obsRebaser{c: c, at: instr, args: args, bindings: bindings, held: st.held, keep: callerHeld(st)}
		// Consecutive accesses of a callee mostly share their Seen and
		// Guards sets (interned), and their locks and channels (the
		// state's own sets, or those this loop emitted for the
		// callee's callee): the last of each is kept as rebased.
		var lastSeen, lastGuards obsSlice
		var seen, guards []string
		var locks rebasedLocks
		var chans rebasedChans
		ownState := !local && c.safeMethod(callee)
		// What an access's sets become depends on its Sets alone,
		// which runs of the callee's accesses share: fromSets is the
		// last callee Sets rebased, toSets what it became, for the
		// run to share. noSets is the Sets of accesses only counted.
		var fromSets, toSets, noSets *Sets
		var assumed map[string]bool
		if len(st.held) == 0 {
			assumed = c.assumedLocks(fi, callee) // docheld.go
		}
		for _, a := range sum.Accesses {
			if fi.done() {
				break // the caller's summary is full: see wants
			}
			if ownState && strings.HasPrefix(a.Path, paramRoot(0)) {
				continue // the type's own package answers for it (safeMethod)
			}
			p := c.rebase(a.Path, args, bindings)
			if p == "" {
				continue
			}
			if !fi.wants(p) {
				if noSets == nil {
					noSets = &Sets{}
				}
				emit(Access{Path: p, Sets: noSets}) // local to a caller that keeps no sites: counted only
				continue
			}
			if a.Sets != fromSets {
				if !locks.of(a) {
					released := rebaseAll(a.Released)
					held := st.held
					for _, r := range released {
						held = held.remove(r)
					}
					for _, h := range a.Held {
						if assumed[h.Lock] {
							continue // the caller's own locks say
						}
						if l := c.rebaseLock(h.Lock, args, bindings); l != "" {
							held = held.add(Held{Lock: l, Read: h.Read})
						}
					}
					locks.held, locks.released = held, union(st.released, released)
				}
				if !chans.of(a) {
					chans.after = union(st.recvd, c.rebaseChans(a.After, args, bindings))
					chans.before = c.rebaseBefore(a.Before, args, bindings, instr)
				}
				if id := idOf(a.Seen); id != lastSeen || id.n == 0 {
					lastSeen, seen = id, union(st.seen, obs.expand(a.Seen, false))
				}
				if id := idOf(a.Guards); id != lastGuards || id.n == 0 {
					lastGuards, guards = id, obs.expand(a.Guards, true)
				}
				fromSets = a.Sets
				toSets = &Sets{Held: locks.held, Released: locks.released,
					After: chans.after, Before: chans.before, Seen: seen, Guards: guards}
			}
			pos, name := a.Pos, a.Func
			var calls *callChain
			switch {
			case !instr.Pos().IsValid():
				// A synthetic call (a bound method's wrapper): the
				// chain goes on from its caller.
				calls = a.calls
			case !local || !pos.IsValid():
				// Only the call site is known in this package.
				pos, name = instr.Pos(), calleeName
			case a.calls.len() >= maxCalls:
				calls = a.calls // the innermost calls are the informative ones
			default:
				calls = links[a.calls]
				if calls == nil {
					if links == nil {
						links = make(map[*callChain]*callChain)
					}
					calls = &callChain{instr.Pos(), calleeName, a.calls, a.calls.len() + 1}
					links[a.calls] = calls
				}
			}
			var elem int64
			if sameIndices(a.Path, args, bindings) {
				elem = a.Elem
			}
			emit(Access{Path: p, Write: a.Write, Atomic: a.Atomic, Sets: toSets, Elem: elem,
				Func: name, Pos: pos, calls: calls})
		}
		memo = obs.memo
	}
	st.recvd = union(st.recvd, c.rebaseChans(sum.Received, args, bindings))
	// Rebased once per call site (obsRebaser), not at every visit.
	seen := (&obsRebaser{c: c, at: instr, args: args, bindings: bindings, memo: memo}).rebase(sum.Seen)
	st.seen = union(st.seen, expandCallerLock(seen, st.held, false, callerHeld(st)))

	for _, r := range rebaseAll(sum.Release) {
		st.release(r)
	}
	for _, h := range sum.Acquire {
		if l := c.rebaseLock(h.Lock, args, bindings); l != "" {
			st.held = st.held.add(Held{Lock: l, Read: h.Read})
			st.released = without(st.released, l)
		}
	}
}

// rebasedLocks is what apply made of the locks of the last callee access
// it rebased (Held, Released): held and released in the caller's frame,
// with the caller's own. The sets are never written once made, so a
// slice identifies its contents.
type rebasedLocks struct {
	done       bool
	heldOf     *Held
	nHeld      int
	releasedOf obsSlice
	held       lockset
	released   []string
}

// of reports whether l holds the rebasing of a's locks, and if not
// records that it is about to.
func (l *rebasedLocks) of(a Access) bool {
	var first *Held
	if len(a.Held) > 0 {
		first = &a.Held[0]
	}
	if l.done && l.heldOf == first && l.nHeld == len(a.Held) && l.releasedOf == idOf(a.Released) {
		return true
	}
	l.done, l.heldOf, l.nHeld, l.releasedOf = true, first, len(a.Held), idOf(a.Released)
	return false
}

// rebasedChans is rebasedLocks for the channels of an access (After,
// Before).
type rebasedChans struct {
	done              bool
	afterOf, beforeOf obsSlice
	after, before     []string
}

// of reports whether c holds the rebasing of a's channels, and if not
// records that it is about to.
func (c *rebasedChans) of(a Access) bool {
	if c.done && c.afterOf == idOf(a.After) && c.beforeOf == idOf(a.Before) {
		return true
	}
	c.done, c.afterOf, c.beforeOf = true, idOf(a.After), idOf(a.Before)
	return false
}

// without returns the sorted set s minus x.
func without(s []string, x string) []string {
	i, ok := slices.BinarySearch(s, x)
	if !ok {
		return s
	}
	return slices.Delete(slices.Clone(s), i, i+1)
}

// lockOp applies a lock or unlock of kind k to the lock at path lock.
// A lock we cannot name is ignored: accesses under it look unprotected.
func (c *checker) lockOp(st *state, k model.Kind, lock string) {
	if lock == "" {
		return
	}
	if read, ok := k.Acquires(); ok {
		st.held = st.held.add(Held{Lock: lock, Read: read})
		st.released = without(st.released, lock)
	} else if k.Releases() {
		st.release(lock)
	}
}

// onceDo runs f, the function passed to once.Do, holding a pseudo-lock
// named after the Once: two writes inside the same Once never race, and
// see pairs.go for why reads of once-initialised state stay quiet.
func (c *checker) onceDo(fi *funcInfo, st *state, once, f ssa.Value, instr ssa.Instruction, emit func(Access)) {
	// Named as a lock is (lockPath): a Once reached through a variable a
	// closure captures (h := c.h; body := func() { … }; h.once.Do(body))
	// is the Once other frames name c.h.once.
	var path string
	if once != nil {
		path = c.lockPath(once)
	}
	if path == "" {
		c.callValue(fi, st, f, instr, emit)
		return
	}
	lock := oncePrefix + path
	st.held = st.held.add(Held{Lock: lock})
	c.callValue(fi, st, f, instr, emit)
	st.held = st.held.remove(lock)
	st.seen = union(st.seen, []string{onceDone(lock)}) // oncedone.go
}

// callValue applies, at instr, the summary of the function f denotes, as a
// call of it without arguments (a once.Do body, an awaited condition).
func (c *checker) callValue(fi *funcInfo, st *state, f ssa.Value, instr ssa.Instruction, emit func(Access)) {
	if callee, bindings := ssaops.FuncValue(f); callee != nil {
		c.apply(fi, st, c.calleeSummary(callee), callee, nil, bindings, instr, emit)
	}
}

// summaryWith returns the summary of callee as called at instr of fi with
// args: the callee's own, or, when the call passes constants for
// parameters the callee branches on (boolargs.go, constargs.go), the
// callee analysed with the branches they rule out cut.
func (c *checker) summaryWith(fi *funcInfo, callee *ssa.Function, args, bindings []ssa.Value, instr ssa.Instruction) *Summary {
	// The callee's own analysis comes first even when a specialised one
	// replaces it: which member of a recursive group is entered first
	// decides what the group sees in progress (rounds.go).
	sum := c.calleeSummary(callee)
	if body := bodyOf(callee); body.Blocks != nil && body.Pkg != nil && body.Pkg.Pkg == c.pkg {
		if fixed := c.fixedArgs(fi, body, args, bindings, instr); len(fixed) > 0 {
			if sfi := c.specialized(body, fixed); sfi != nil {
				sum = sfi.sum
			}
		}
	}
	return sum
}

// funcPkg returns the import path of the package declaring fn, or "".
func funcPkg(fn *ssa.Function) string {
	if fn == nil {
		return ""
	}
	if o := fn.Object(); o != nil && o.Pkg() != nil {
		return o.Pkg().Path()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	return ""
}

// opaquePkg reports whether calls into pkg are synchronisation or runtime
// internals whose bodies would only add noise: their memory is protected
// by means (atomics, the runtime) a lockset analysis cannot see.
func opaquePkg(pkg string) bool {
	return pkg == "runtime" || pkg == "unsafe" || pkg == "reflect" ||
		strings.HasPrefix(pkg, "internal/") || strings.HasPrefix(pkg, "runtime/") ||
		strings.HasPrefix(pkg, "sync/")
}

// funcName names fn for a diagnostic, memoised: names are asked for
// every access.
func (c *checker) funcName(fn *ssa.Function) string {
	if name, ok := c.names[fn]; ok {
		return name
	}
	name := ssaops.SSAFuncName(fn, c.pkg)
	c.names[fn] = name
	return name
}

// safeMethod reports whether fn is a method of a type that synchronises
// what its methods do to their receiver: a type of sync or sync/atomic, a
// standard type safe by convention (a net.Conn, an *os.File), or one
// documented or declared safe for concurrent use. What such a method of
// another package does to its receiver is that package's concern, checked
// there with the type's methods as entry points; a caller that shares the
// value (a *tls.Conn closed while a goroutine runs its handshake) relies on
// the documented contract, and is not reported for the type's inner state.
func (c *checker) safeMethod(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	return recv != nil && c.model.SafeReceiver(recv.Type())
}
