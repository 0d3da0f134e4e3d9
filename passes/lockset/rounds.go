// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// This file keeps, from one round of analyzeAll to the next, the analyses
// that the new entry locks do not change, instead of analysing every
// function of the package again (a round changes the entry locks of a
// few hundred functions of nats-server's ten thousand).
//
// An analysis (info, specialized, guardsOf) is a function of the entry
// locks of the functions it analyses and of the analyses it looks up,
// except when it looks up one still in progress: recursion sees the empty
// summary, so its result depends on the order of analysis. A round keeps
// an analysis as valid when it saw no analysis in progress, neither did
// any it looked up, and none of them had its entry locks changed. A kept
// analysis is then what analysing it again would give, and the analyses
// computed again run in the same order, with the same analyses in
// progress, as in a round that starts from nothing: an analysis in
// progress is one of the kept one's callers, which is not kept.
//
// An analysis that saw none in progress and whose own entry locks did not
// change, but that looked up one that may change, is kept as a suspect
// (early cutoff): a new entry lock of a helper mostly leaves its summary,
// and so its callers', as it was. The first lookup of a suspect replays
// its lookups (confirm), which analyses again, in the order and with the
// analyses in progress that analysing the suspect again would give, what
// it looked up; if each gives what the suspect saw, the analysis would
// give the same result, and it is kept. On nats-server's server package
// (facts only), the three rounds made 10,873 analyses, 9,014 with
// suspects.

// An analysisKey names a memoised analysis: info of fn (args ""), its
// specialization to args (specKey), or its lazy-init guards.
type analysisKey struct {
	fn     *ssa.Function
	args   string
	guards bool
}

// analysisDeps is what one analysis looked up.
type analysisDeps struct {
	uses []analysisKey
	// saw are the results of uses, in order, as the analysis saw them
	// (*funcInfo, *initGuards), for confirm.
	saw []any
	// cut is set when it saw an analysis in progress, or one whose
	// result is not memoised per round (full).
	cut  bool
	seen map[analysisKey]bool // uses, while in progress
}

// depTracker records the analysisDeps of the analyses of a round.
type depTracker struct {
	running []*analysisDeps // in progress, innermost last
	done    map[analysisKey]*analysisDeps
}

// use records that the innermost analysis in progress looked up k and
// saw result; inProgress is whether k was itself still in progress.
func (t *depTracker) use(k analysisKey, inProgress bool, result any) {
	if len(t.running) == 0 {
		return
	}
	d := t.running[len(t.running)-1]
	if inProgress {
		d.cut = true
		return
	}
	if d.seen[k] {
		return
	}
	if d.seen == nil {
		d.seen = make(map[analysisKey]bool)
	}
	d.seen[k] = true
	d.uses = append(d.uses, k)
	d.saw = append(d.saw, result)
}

// cut records that the innermost analysis in progress depends on
// something the rounds do not track.
func (t *depTracker) cut() {
	if n := len(t.running); n > 0 {
		t.running[n-1].cut = true
	}
}

// begin starts the analysis k, and end finishes it; its caller, if any,
// uses it.
func (t *depTracker) begin() {
	t.running = append(t.running, &analysisDeps{})
}

func (t *depTracker) end(k analysisKey, result any) {
	t.record(k, t.pop())
	t.use(k, false, result)
}

// pop ends the innermost analysis in progress and returns what it looked
// up.
func (t *depTracker) pop() *analysisDeps {
	n := len(t.running)
	d := t.running[n-1]
	t.running = t.running[:n-1]
	d.seen = nil
	return d
}

// record keeps d as what the analysis k looked up.
func (t *depTracker) record(k analysisKey, d *analysisDeps) {
	if t.done == nil {
		t.done = make(map[analysisKey]*analysisDeps)
	}
	t.done[k] = d
}

// keepValid drops from the checker's memos every analysis the change of
// the entry locks from old to next changes directly: those of the
// functions whose entry locks changed, and those that saw an analysis in
// progress (see above). The analyses that looked one of them up,
// directly or not, may change too; they are kept as suspects, which
// confirm checks when they are next looked up. The others are kept for
// the next round as they are.
func (c *checker) keepValid(old, next map[*ssa.Function]lockset) {
	changed := make(map[*ssa.Function]bool)
	for fn, held := range next {
		if !old[fn].equal(held) {
			changed[fn] = true
		}
	}
	for fn, held := range old {
		if _, ok := next[fn]; !ok && len(held) > 0 {
			changed[fn] = true
		}
	}
	t := &c.deps
	// A suspect of the last round that no one looked up saw results
	// that may have changed since: it is analysed again.
	stale := c.suspects
	c.suspects = make(map[analysisKey]bool)
	const (
		valid = iota + 1
		suspect
		invalid
	)
	state := make(map[analysisKey]int)
	visiting := make(map[analysisKey]bool)
	var stateOf func(k analysisKey) int
	stateOf = func(k analysisKey) int {
		if s, ok := state[k]; ok {
			return s
		}
		d := t.done[k]
		if d == nil || visiting[k] || d.cut || changed[k.fn] || stale[k] {
			state[k] = invalid
			return invalid
		}
		visiting[k] = true
		s := valid
		for _, u := range d.uses {
			if stateOf(u) != valid {
				s = suspect
				break
			}
		}
		delete(visiting, k)
		state[k] = s
		return s
	}
	for k := range t.done {
		switch stateOf(k) {
		case invalid:
			delete(t.done, k)
		case suspect:
			c.suspects[k] = true
		}
	}
	for fn := range c.funcs {
		if stateOf(analysisKey{fn: fn}) == invalid {
			delete(c.funcs, fn)
		}
	}
	for k := range c.specs {
		if stateOf(analysisKey{fn: k.fn, args: k.args}) == invalid {
			delete(c.specs, k)
		}
	}
	for fn := range c.guards {
		if stateOf(analysisKey{fn: fn, guards: true}) == invalid {
			delete(c.guards, fn)
		}
	}
}

// confirm reports whether the suspect analysis k is what analysing it
// again would give, and if so keeps it as valid. The analysis is a
// function of the results it looks up (the entry locks of its own
// function did not change), and it looks them up in an order that depends
// only on the results before: so confirm looks up its uses again, in the
// order it did, each as the analysis does (info, specialized, guardsOf),
// with k marked in progress by its caller as an analysis of k would be, so
// that what they analyse again runs in the same order and sees the same
// analyses in progress as in the round that starts from nothing. It stops
// at the first use whose result differs from what k saw (sameResult) or
// that is in progress; the caller then analyses k again, finding the
// uses looked up so far memoised, as that analysis would have made them.
func (c *checker) confirm(k analysisKey) bool {
	delete(c.suspects, k)
	d := c.deps.done[k]
	c.deps.begin()
	for i, u := range d.uses {
		if !sameResult(d.saw[i], c.lookUp(u)) || c.deps.running[len(c.deps.running)-1].cut {
			c.deps.pop()
			delete(c.deps.done, k)
			return false
		}
	}
	c.deps.record(k, c.deps.pop())
	return true
}

// lookUp looks up the analysis k as the analyses do, and returns its
// result.
func (c *checker) lookUp(k analysisKey) any {
	switch {
	case k.guards:
		return c.guardsOf(k.fn)
	case k.args != "":
		return c.specialized(k.fn, c.specArgs[k])
	}
	return c.info(k.fn)
}

// sameResult reports whether an analysis that saw old, the result of
// another, would see the same in now: the summary of a function's
// analysis, which is all its callers read of it, or the guards of a
// function.
func sameResult(old, now any) bool {
	switch old := old.(type) {
	case *funcInfo:
		now, _ := now.(*funcInfo)
		if old == now {
			return true
		}
		return old != nil && now != nil && sameSummary(old.sum, now.sum)
	case *initGuards:
		now, _ := now.(*initGuards)
		if old == now {
			return true
		}
		// under memoises what the others say.
		return old != nil && now != nil && reflect.DeepEqual(old.reads, now.reads) &&
			reflect.DeepEqual(old.tests, now.tests) && reflect.DeepEqual(old.unset, now.unset)
	}
	return false
}

// reuse reports whether fi, the memoised analysis of k, may be returned
// as it is, recording the lookup: it is not a suspect, or confirm
// replays its lookups and finds them unchanged. store sets the memo: nil
// while confirm runs (in progress, as a fresh analysis would be), fi
// again once confirmed; a suspect that fails stays nil for its caller to
// analyse again.
func (c *checker) reuse(k analysisKey, fi *funcInfo, store func(*funcInfo)) bool {
	if !c.suspects[k] {
		c.deps.use(k, fi == nil, fi)
		return true
	}
	store(nil)
	if c.confirm(k) {
		store(fi)
		c.deps.use(k, false, fi)
		return true
	}
	return false
}
