// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import "golang.org/x/tools/go/ssa"

// This file keeps, from one round of analyzeAll to the next, the analyses
// that the new entry locks do not change, instead of analysing every
// function of the package again (a round changes the entry locks of a
// few hundred functions of nats-server's ten thousand).
//
// An analysis (info, specialized, guardsOf) is a function of the entry
// locks of the functions it analyses and of the analyses it looks up,
// except when it looks up one still in progress: recursion sees the empty
// summary, so its result depends on the order of analysis. A round keeps
// an analysis exactly when it saw no analysis in progress, neither did
// any it looked up, and none of them had its entry locks changed. A kept
// analysis is then what analysing it again would give, and the analyses
// computed again run in the same order, with the same analyses in
// progress, as in a round that starts from nothing: an analysis in
// progress is one of the kept one's callers, which is not kept.

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

// use records that the innermost analysis in progress looked up k;
// inProgress is whether k was itself still in progress.
func (t *depTracker) use(k analysisKey, inProgress bool) {
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

func (t *depTracker) end(k analysisKey) {
	n := len(t.running)
	d := t.running[n-1]
	t.running = t.running[:n-1]
	d.seen = nil
	if t.done == nil {
		t.done = make(map[analysisKey]*analysisDeps)
	}
	t.done[k] = d
	t.use(k, false)
}

// keepValid drops from the checker's memos every analysis the change of
// the entry locks from old to next may change (see above), and keeps the
// others for the next round.
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
	valid := make(map[analysisKey]bool)
	visiting := make(map[analysisKey]bool)
	var isValid func(k analysisKey) bool
	isValid = func(k analysisKey) bool {
		if v, ok := valid[k]; ok {
			return v
		}
		d := t.done[k]
		if d == nil || visiting[k] || d.cut || changed[k.fn] {
			valid[k] = false
			return false
		}
		visiting[k] = true
		ok := true
		for _, u := range d.uses {
			if !isValid(u) {
				ok = false
				break
			}
		}
		delete(visiting, k)
		valid[k] = ok
		return ok
	}
	for k := range t.done {
		if !isValid(k) {
			delete(t.done, k)
		}
	}
	for fn := range c.funcs {
		if !valid[analysisKey{fn: fn}] {
			delete(c.funcs, fn)
		}
	}
	for k := range c.specs {
		if !valid[analysisKey{fn: k.fn, args: k.args}] {
			delete(c.specs, k)
		}
	}
	for fn := range c.guards {
		if !valid[analysisKey{fn: fn, guards: true}] {
			delete(c.guards, fn)
		}
	}
}
