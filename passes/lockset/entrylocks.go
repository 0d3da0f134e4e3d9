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
)

// This file infers the "caller must hold mu" convention: an unexported
// function that is only ever called directly, by functions of its
// package, each of which holds mu at the call, starts with mu held. Its
// accesses are then checked holding mu, and a goroutine it starts is
// compared with its continuation under mu. Within the package this is
// sound: every call of the function is one of those sites.

// maxEntryRounds bounds the rounds of analysis that let entry locks flow
// down chains of such functions (lock; a(); a calls bLocked; ...).
const maxEntryRounds = 3

// analyzeAll analyses every function of the package, then again with the
// entry locks the previous round implies, until they settle.
func (c *checker) analyzeAll(funcs []*ssa.Function) {
	for round := 0; ; round++ {
		for _, fn := range funcs {
			c.info(fn)
		}
		next := c.entryLocks(funcs)
		if round+1 >= maxEntryRounds || maps.EqualFunc(next, c.entryHeld, lockset.equal) {
			return
		}
		c.entryHeld = next
		c.funcs = make(map[*ssa.Function]*funcInfo)
	}
}

// entryLocks returns, for each function of the convention, the locks held
// at every call site, in the function's own frame.
func (c *checker) entryLocks(funcs []*ssa.Function) map[*ssa.Function]lockset {
	calls := make(map[*ssa.Function][]*ssa.Call)
	indirect := make(map[*ssa.Function]bool)
	invoked := make(map[string]bool)
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
					invoked[call.Common().Method.Name()] = true
				}
				call, isCall := instr.(*ssa.Call)
				for i, op := range instr.Operands(ops[:0]) {
					callee, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if isCall && i == 0 && !call.Call.IsInvoke() {
						calls[callee] = append(calls[callee], call)
					} else {
						indirect[callee] = true // a func value, go or defer
					}
				}
			}
		}
	}
	out := make(map[*ssa.Function]lockset)
	for fn, sites := range calls {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || obj.Exported() || obj.Pkg() != c.pkg || fn.Parent() != nil || indirect[fn] ||
			(fn.Signature.Recv() != nil && invoked[fn.Name()]) {
			continue
		}
		var held lockset
		for i, call := range sites {
			fi := c.funcs[call.Parent()]
			if fi == nil {
				held = nil
				break
			}
			at, reached := fi.callHeld[call]
			if !reached {
				continue
			}
			var mine lockset
			for _, h := range at {
				if p := c.intoCallee(h.Lock, call); p != "" {
					mine = mine.add(Held{Lock: p, Read: h.Read})
				}
			}
			if i == 0 {
				held = mine
			} else {
				held = held.meet(mine)
			}
			if len(held) == 0 {
				break
			}
		}
		if len(held) > 0 {
			out[fn] = held
		}
	}
	return out
}

// intoCallee names a lock of the caller's frame in the frame of the
// function call calls: a package-level lock as it is, a lock under an
// argument's path under the parameter's.
func (c *checker) intoCallee(lock string, call *ssa.Call) string {
	if strings.HasPrefix(lock, oncePrefix) {
		return ""
	}
	if strings.HasPrefix(lock, "g:") {
		return lock
	}
	for j, a := range call.Call.Args {
		p := c.pathOf(a)
		if p != "" && hasPathPrefix(lock, p) {
			rest := lock[len(p):]
			if !strings.HasSuffix(p, "|") && rest != "" && !slices.Contains([]byte{'.', '['}, rest[0]) {
				continue
			}
			return paramRoot(j) + strings.TrimPrefix(rest, "|")
		}
	}
	return ""
}
