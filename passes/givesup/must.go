// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// everyCall tells, for sets of blocks of fn, whether every call of fn
// that completes normally runs one of them: no return that reports
// success is reachable from the entry without passing through one.
//
// A return reports success unless it returns a non-nil error; a path that
// returns an error, or panics, does not complete the call's work. A
// transfer on every such path is evidence that calling fn gives the value
// up; a transfer on only some paths (a timer armed for one argument, a
// send to each of a list of observers, a goroutine started if the server
// is running) is a possibility the default reading does not report
// through callers.
type everyCall struct {
	fn    *ssa.Function
	exits []bool // exits[i]: block i returns success
}

func newEveryCall(fn *ssa.Function) *everyCall {
	e := &everyCall{fn: fn, exits: make([]bool, len(fn.Blocks))}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !returnsError(ret) {
			e.exits[b.Index] = true
		}
	}
	return e
}

// cut reports whether every successful call of fn runs one of blocks.
func (e *everyCall) cut(blocks []*ssa.BasicBlock) bool {
	seen := make([]bool, len(e.fn.Blocks))
	for _, b := range blocks {
		if b == nil || b.Parent() != e.fn {
			continue // an instruction of a nested function literal
		}
		seen[b.Index] = true
	}
	if seen[0] {
		return true
	}
	seen[0] = true
	stack := []*ssa.BasicBlock{e.fn.Blocks[0]}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e.exits[x.Index] {
			return false
		}
		for _, s := range x.Succs {
			if !seen[s.Index] {
				seen[s.Index] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// returnsError reports whether ret returns an error result that is not
// the constant nil.
func returnsError(ret *ssa.Return) bool {
	for _, r := range ret.Results {
		if !types.Identical(r.Type(), errorType) {
			continue
		}
		if c, ok := r.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		return true
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()
