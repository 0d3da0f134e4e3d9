// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file makes the lockset dataflow follow a boolean that a function
// tests more than once, the way it takes and then uses a lock:
//
//	if cacheEnabled {
//		s.Lock()
//	} else {
//		s.RLock()
//	}
//	...
//	if cacheEnabled {
//		s.cache[subject] = result
//	}
//
// Merged at the first join, the locksets say only that s is held for
// reading, and the write to s.cache looks unprotected. A function that
// takes locks and tests one boolean value in two or more places is
// analysed once with the value true and once false, each time with the
// branches the value rules out cut, and the two analyses are merged:
// their accesses side by side, their exit effects met.

// A condSplit fixes one boolean value of a function's body.
type condSplit struct {
	v     ssa.Value
	value bool
}

// correlated returns a boolean value, other than a parameter args fixes,
// that two or more Ifs of fn test, if fn takes a lock itself; nil if
// there is none. The first such value in block order is chosen, so the
// choice is deterministic.
func (c *checker) correlated(fn *ssa.Function, args boolArgs) ssa.Value {
	count := make(map[ssa.Value]int)
	var order []ssa.Value
	for _, b := range fn.Blocks {
		v, _ := condOf(b)
		if v == nil {
			continue
		}
		if _, fixed := args.lookup(c.inputIndex(v)); fixed {
			continue
		}
		if _, isConst := v.(*ssa.Const); isConst {
			continue
		}
		if count[v] == 0 {
			order = append(order, v)
		}
		count[v]++
	}
	i := slices.IndexFunc(order, func(v ssa.Value) bool { return count[v] >= 2 })
	// Whether fn locks is asked last: it resolves every call.
	if i < 0 || !c.takesLocks(fn) {
		return nil
	}
	return order[i]
}

// takesLocks reports whether fn's own body locks or unlocks something.
func (c *checker) takesLocks(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if rc, ok := c.model.Resolve(call.Common()); ok && c.model.LockKindOf(rc) != 0 {
				return true
			}
		}
	}
	return false
}

// analyzeSplit analyses fn with args fixed, following a correlated
// condition if it has one.
func (c *checker) analyzeSplit(fn *ssa.Function, args boolArgs, withSites bool) *funcInfo {
	v := c.correlated(fn, args)
	if v == nil {
		return c.analyze(fn, args, nil, withSites)
	}
	return mergeInfos(c.analyze(fn, args, &condSplit{v, true}, withSites), c.analyze(fn, args, &condSplit{v, false}, withSites))
}

// mergeInfos merges the analyses of the two values of a split condition:
// every access of either, the calls' locksets met, the exit effects met
// (what is acquired on both, what may be released by either).
func mergeInfos(a, b *funcInfo) *funcInfo {
	// Only what is read after an analysis is merged (dropAnalysisMemos).
	out := &funcInfo{fn: a.fn, args: a.args,
		callHeld: make(map[ssa.CallInstruction]lockset), callKeeps: make(map[ssa.CallInstruction]bool)}
	out.sites = append(slices.Clip(a.sites), b.sites...)
	if len(out.sites) > maxSites {
		out.sites = out.sites[:maxSites]
	}
	for _, fi := range []*funcInfo{a, b} {
		for _, d := range fi.drops {
			if !slices.Contains(out.drops, d) {
				out.drops = append(out.drops, d)
			}
		}
		for call, held := range fi.callHeld {
			if prev, ok := out.callHeld[call]; ok {
				out.callHeld[call] = prev.meet(held)
				out.callKeeps[call] = out.callKeeps[call] && fi.callKeeps[call]
			} else {
				out.callHeld[call] = held
				out.callKeeps[call] = fi.callKeeps[call]
			}
		}
	}
	sum := &Summary{}
	switch {
	case !a.exits:
		sum.Acquire, sum.Release, sum.Received, sum.Closes, sum.Seen, sum.SeenIfNil = b.sum.Acquire, b.sum.Release, b.sum.Received, b.sum.Closes, b.sum.Seen, b.sum.SeenIfNil
		sum.AcquireIfNil, sum.ReceivedIfNil = b.sum.AcquireIfNil, b.sum.ReceivedIfNil
	case !b.exits:
		sum.Acquire, sum.Release, sum.Received, sum.Closes, sum.Seen, sum.SeenIfNil = a.sum.Acquire, a.sum.Release, a.sum.Received, a.sum.Closes, a.sum.Seen, a.sum.SeenIfNil
		sum.AcquireIfNil, sum.ReceivedIfNil = a.sum.AcquireIfNil, a.sum.ReceivedIfNil
	default:
		sum.Acquire = lockset(a.sum.Acquire).meet(b.sum.Acquire)
		sum.Release = union(a.sum.Release, b.sum.Release)
		sum.Received = intersect(a.sum.Received, b.sum.Received)
		sum.Closes = intersect(a.sum.Closes, b.sum.Closes)
		sum.Seen = intersect(a.sum.Seen, b.sum.Seen)
		if ifNil := intersect(a.sum.seenIfNil(), b.sum.seenIfNil()); len(ifNil) > len(sum.Seen) {
			sum.SeenIfNil = ifNil
		}
		sum.AcquireIfNil = onlyIfNil(a.sum.acquiredIfNil().meet(b.sum.acquiredIfNil()), sum.Acquire)
		sum.ReceivedIfNil = onlyReceivedIfNil(intersect(a.sum.receivedIfNil(), b.sum.receivedIfNil()), sum.Received)
	}
	out.exits = a.exits || b.exits
	// a's accesses, then b's, in one allocation (not a copy of both
	// joined, then the kept ones appended).
	if n := min(len(a.sum.Accesses)+len(b.sum.Accesses), maxSummary); n > 0 {
		sum.Accesses = make([]Access, 0, n)
	}
	seen := newAccessIndex()
	for _, acc := range a.sum.Accesses {
		sum.Accesses = keepAccess(sum.Accesses, seen, acc)
	}
	for _, acc := range b.sum.Accesses {
		sum.Accesses = keepAccess(sum.Accesses, seen, acc)
	}
	out.sum = sum
	return out
}

// keepAccess adds acc to the accesses of a summary, accs, indexed by
// seen: met with the access of the same key if there is one, else
// appended while there are fewer than maxSummary.
func keepAccess(accs []Access, seen *accessIndex, acc Access) []Access {
	if len(accs) >= maxSummary {
		return accs
	}
	if i, ok := seen.find(&acc, accs, len(accs)); ok {
		meetDuplicate(&accs[i], acc)
		return accs
	}
	return append(accs, acc)
}
