// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file infers the "caller must hold mu" convention: an unexported
// function that is only ever called directly, by functions of its
// package, each of which holds mu at the call, starts with mu held. Its
// accesses are then checked holding mu, and a goroutine it starts is
// compared with its continuation under mu. Within the package this is
// sound: every call of the function is one of those sites. (By default,
// calls from _test.go files do not count: a test drives such a helper on
// its own object.)

// maxEntryRounds bounds the rounds of analysis that recompute accesses
// with the entry locks the previous round found (entryLocks itself
// carries them down chains of any depth).
const maxEntryRounds = 3

// analyzeAll analyses every function of the package, then again with the
// entry locks the previous round implies, until they settle. The locks doc
// comments state (docheld.go) hold from the first round.
func (c *checker) analyzeAll(funcs []*ssa.Function) {
	documented := c.docHeld(funcs)
	c.documented = documented
	if len(documented) > 0 {
		c.entryHeld = maps.Clone(documented)
	}
	for round := 0; ; round++ {
		for _, fn := range funcs {
			c.info(fn)
		}
		next := c.entryLocks(funcs)
		for fn, held := range documented {
			for _, h := range held {
				next[fn] = next[fn].add(h)
			}
		}
		if round+1 >= maxEntryRounds || maps.EqualFunc(next, c.entryHeld, lockset.equal) {
			return
		}
		// The analyses the new entry locks cannot change are kept
		// (rounds.go).
		c.keepValid(c.entryHeld, next)
		c.entryHeld = next
		c.fulls = make(map[*ssa.Function]*funcInfo)
		c.siteObs = nil
	}
}

// entryLocks returns, for each function of the convention, the locks held
// at every call site, in the function's own frame.
func (c *checker) entryLocks(funcs []*ssa.Function) map[*ssa.Function]lockset {
	calls := c.callIndex(funcs)
	// The candidates: functions called only directly, in this package.
	var cands []*ssa.Function
	for fn := range calls.direct {
		if calls.onlyDirect(c.pkg, fn) {
			cands = append(cands, fn)
		}
	}
	slices.SortFunc(cands, func(x, y *ssa.Function) int { return strings.Compare(x.String(), y.String()) })

	// A greatest fixpoint: a call from a candidate that has not released
	// its caller's locks also holds what the candidate holds on entry,
	// so that recursive helpers (walkLocked calling itself) and cycles
	// of them (writeRecordLocked and sendAlertLocked in crypto/tls) keep
	// their callers' locks. Absent from out is "not yet constrained".
	out := make(map[*ssa.Function]lockset)
	top := make(map[*ssa.Function]bool)
	for _, fn := range cands {
		top[fn] = true
	}
	for changed, iter := true, 0; changed && iter < 2*len(cands)+2; iter++ {
		changed = false
		for _, fn := range cands {
			held, first := lockset(nil), true
			for _, call := range calls.direct[fn] {
				caller := call.Parent()
				fi := c.funcs[caller]
				if fi == nil {
					held, first = nil, false
					break
				}
				if !c.model.Strict && c.inTestFile(ssaops.TopLevel(caller)) {
					// Test code calls a helper of the convention from a
					// single goroutine, without its lock.
					continue
				}
				at, reached := fi.callHeld[call]
				if !reached {
					continue
				}
				if fi.callKeeps[call] {
					if top[caller] {
						continue // the caller's entry locks are still open
					}
					for _, h := range out[caller] {
						at = at.add(h)
					}
				}
				var mine lockset
				for _, h := range at {
					if p := c.intoCallee(h.Lock, call); p != "" {
						mine = mine.add(Held{Lock: p, Read: h.Read})
					}
				}
				if first {
					held, first = mine, false
				} else {
					held = held.meet(mine)
				}
			}
			if first {
				continue // no constraining site yet
			}
			if top[fn] || !held.equal(out[fn]) {
				top[fn] = false
				out[fn] = held
				changed = true
			}
		}
	}
	for fn, held := range out {
		if len(held) == 0 || top[fn] {
			delete(out, fn)
		}
	}
	return out
}

// intoCallee names a lock of the caller's frame in the frame of the
// function call calls: a package-level lock as it is, a lock under an
// argument's path under the parameter's.
func (c *checker) intoCallee(lock string, call ssa.CallInstruction) string {
	if prefix, _ := pseudoPrefix(lock); prefix != "" {
		return ""
	}
	if strings.HasPrefix(lock, "g:") || strings.HasPrefix(lock, "c:") {
		return lock
	}
	// A lock under a shared field (shared.go) is named under the
	// parameter it is passed as (client.mu, with client = sub.client,
	// is the callee's c.mu), else as it is.
	for j, a := range call.Common().Args {
		p := c.lockPath(a)
		if p != "" && hasPathPrefix(lock, p) {
			rest := lock[len(p):]
			if !strings.HasSuffix(p, "|") && rest != "" && !slices.Contains([]byte{'.', '['}, rest[0]) {
				continue
			}
			return paramRoot(j) + strings.TrimPrefix(rest, "|")
		}
	}
	if strings.HasPrefix(lock, "s:") {
		return lock
	}
	return ""
}

// A callIndex says how the package's functions are called.
type callIndex struct {
	// direct are the call instructions (calls and defers) that name a
	// function statically.
	direct map[*ssa.Function][]ssa.CallInstruction
	// started are the go statements that name a function statically,
	// and valued the functions used as values other than by those.
	started map[*ssa.Function][]*ssa.Go
	valued  map[*ssa.Function]bool
	// invoked are the calls through interfaces, by method name.
	invoked map[string][]ssa.CallInstruction
}

// callIndex returns the calls of the package's functions, computed once.
func (c *checker) callIndex(funcs []*ssa.Function) *callIndex {
	if c.calls != nil {
		return c.calls
	}
	ix := &callIndex{
		direct:  make(map[*ssa.Function][]ssa.CallInstruction),
		started: make(map[*ssa.Function][]*ssa.Go),
		valued:  make(map[*ssa.Function]bool),
		invoked: make(map[string][]ssa.CallInstruction),
	}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
					name := call.Common().Method.Name()
					ix.invoked[name] = append(ix.invoked[name], call)
				}
				// A deferred call of a function runs at the function's
				// returns, with the locks held there: a direct call too.
				var call ssa.CallInstruction
				switch instr := instr.(type) {
				case *ssa.Call:
					call = instr
				case *ssa.Defer:
					call = instr
				}
				for i, op := range instr.Operands(ops[:0]) {
					callee, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					g, isGo := instr.(*ssa.Go)
					switch {
					case call != nil && i == 0 && !call.Common().IsInvoke():
						ix.direct[callee] = append(ix.direct[callee], call)
					case isGo && i == 0 && !g.Call.IsInvoke():
						ix.started[callee] = append(ix.started[callee], g)
					default:
						ix.valued[callee] = true // a func value
					}
				}
			}
		}
	}
	c.calls = ix
	return ix
}

// onlyDirect reports whether fn, a top-level function of pkg, is called
// only directly, in pkg: unexported, never a value nor started by go, and
// not a method an interface call may reach.
func (ix *callIndex) onlyDirect(pkg *types.Package, fn *ssa.Function) bool {
	return ix.private(pkg, fn) && !ix.valued[fn] && len(ix.started[fn]) == 0
}

// onlyStarted reports whether fn, a top-level function of pkg, is named
// only by go statements of pkg: unexported, never called, never a value,
// and not a method an interface call may reach.
func (ix *callIndex) onlyStarted(pkg *types.Package, fn *ssa.Function) bool {
	return ix.private(pkg, fn) && !ix.valued[fn] && len(ix.started[fn]) > 0 && len(ix.direct[fn]) == 0
}

// private reports whether fn is an unexported top-level function or
// method of pkg that no call through an interface may reach.
func (ix *callIndex) private(pkg *types.Package, fn *ssa.Function) bool {
	obj, _ := fn.Object().(*types.Func)
	return obj != nil && !obj.Exported() && obj.Pkg() == pkg && fn.Parent() == nil &&
		!(fn.Signature.Recv() != nil && len(ix.invoked[fn.Name()]) > 0)
}
