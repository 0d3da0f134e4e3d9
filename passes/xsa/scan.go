// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A slot is the machine state a scan follows: the fields of the machine
// base points to that may still hold the sent memory (pending), or, for
// a captured variable (cell), the variable fv itself (pending is {""}).
type slot struct {
	base    ssa.Value
	cell    bool
	pending []string
	// latched are the machine's latches known set (latch.go).
	latched []string
	// known are values of the scanned function whose boolean value is
	// known on every path the scan follows: a helper's result on the
	// exit the scan continues from (results.go).
	known map[ssa.Value]bool
	// stopped says the actor stopped itself on the path before the scan
	// starts; final, that the scan is of a handler run on the framework's
	// final messages only (stops.go).
	stopped, final bool
	// below says what the fields hold themselves was not sent, only what
	// lies below it (ownership.Kept.Below; fields.go).
	below bool
}

// An exit is the state of a path that returns: the fields still pending
// and the handlers a Become on the path installed.
type exit struct {
	pending []string
	became  []*types.Func
	latched []string
	// result is the constant boolean the path returns, if it returns
	// one (results.go).
	result boolResult
	// stopped says the path stopped the actor (stops.go).
	stopped bool
}

// An outcome is what a scan found: a read of a pending field, or else the
// states in which paths return.
type outcome struct {
	read  *analysis.RelatedInformation
	exits []exit
}

// A summary is what a callee does with the pending fields of the machine
// it is passed: reads one, or leaves pending the fields of still.
type summary struct {
	read   *analysis.RelatedInformation
	still  []string
	became []*types.Func
	done   bool
}

type summaryKey struct {
	fn      *ssa.Function
	param   int
	pending string
	latched string
	below   bool
}

// A path is a scan's state on one path: its block and first instruction,
// the pending fields and the Becomes so far.
type path struct {
	block   *ssa.BasicBlock
	from    int
	pending []string
	became  []*types.Func
	latched []string
	stopped bool
}

// scan follows every path of fn from after start (nil: from the entry)
// until a pending field is read, all are overwritten, or the path
// returns. kills says whether a store of v at instr overwrites a field;
// nil means any store does, for code after the transfer's function.
func (lf *lifter) scan(fn *ssa.Function, start ssa.Instruction, sl slot, kills func(ssa.Instruction, ssa.Value) bool) outcome {
	if len(fn.Blocks) == 0 {
		return outcome{read: &analysis.RelatedInformation{Pos: fn.Pos(), Message: "passed to " + fn.String() + ", whose body is not seen"}}
	}
	if kills == nil {
		kills = func(ssa.Instruction, ssa.Value) bool { return true }
	}
	first := path{block: fn.Blocks[0], pending: sl.pending, latched: sl.latched, stopped: sl.stopped}
	if start != nil {
		first.block = start.Block()
		first.from = slices.Index(start.Block().Instrs, start) + 1
	}
	var out outcome
	seen := make(map[string]bool)
	queue := []path{first}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		key := fmt.Sprint(p.block.Index, "|", p.from, "|", strings.Join(p.pending, ","), "|", p.became, "|", strings.Join(p.latched, ","), "|", p.stopped)
		if seen[key] {
			continue
		}
		seen[key] = true
		ended := false
		for _, instr := range p.block.Instrs[p.from:] {
			switch instr.(type) {
			case *ssa.Return:
				out.exits = append(out.exits, exit{pending: p.pending, became: p.became, latched: p.latched, result: returnedBool(instr.(*ssa.Return)), stopped: p.stopped})
				ended = true
			case *ssa.Panic:
				ended = true
			}
			if ended {
				break
			}
			eff := lf.effect(instr, slot{base: sl.base, cell: sl.cell, pending: p.pending, below: sl.below}, kills)
			if eff.read != nil {
				out.read = eff.read
				return out
			}
			p.pending = eff.pending
			p.became = union(p.became, eff.became)
			if !p.stopped && !sl.cell && lf.stopsSelf(instr) {
				p.stopped = true
			}
			if f, ok := lf.setsLatch(instr, sl.base); ok && !sl.cell {
				p.latched = union(p.latched, []string{f})
				slices.Sort(p.latched)
			}
			if len(p.pending) == 0 {
				ended = true
				break
			}
		}
		if ended {
			continue
		}
		succs := p.block.Succs
		if !sl.cell {
			succs = lf.successors(p.block, sl.base, p.latched)
		}
		if taken, ok := knownBranch(p.block, sl.known); ok {
			succs = taken
		}
		if sl.final {
			if taken, ok := lf.finalBranch(p.block); ok {
				succs = taken
			}
		}
		for _, s := range succs {
			queue = append(queue, path{block: s, pending: p.pending, became: p.became, latched: p.latched, stopped: p.stopped})
		}
	}
	return out
}

// An effect is what one instruction does to the slot.
type effect struct {
	read    *analysis.RelatedInformation
	pending []string
	became  []*types.Func
}

// effect returns what instr does to the pending fields of sl.
func (lf *lifter) effect(instr ssa.Instruction, sl slot, kills func(ssa.Instruction, ssa.Value) bool) effect {
	out := effect{pending: sl.pending}
	read := func(what string) effect {
		return effect{read: &analysis.RelatedInformation{Pos: instrPos(instr), Message: what}}
	}
	// field returns the pending field that the address a denotes.
	field := func(a ssa.Value) (string, bool) {
		if sl.cell {
			return "", a == sl.base
		}
		if fa, ok := a.(*ssa.FieldAddr); ok && fa.X == sl.base {
			name := fieldName(fa)
			return name, slices.Contains(sl.pending, name)
		}
		return "", false
	}
	switch i := instr.(type) {
	case *ssa.DebugRef:
		return out
	case *ssa.Store:
		if f, ok := field(i.Addr); ok {
			if i.Val == sl.base || !kills(i, i.Val) {
				return read("stored again here, still holding what was sent")
			}
			out.pending = slices.DeleteFunc(slices.Clone(sl.pending), func(p string) bool { return p == f })
			return out
		}
	case *ssa.UnOp:
		if i.Op == token.MUL {
			if _, ok := field(i.X); ok {
				if lf.unwrittenReads(i, sl.below) {
					return out // reads only what no one writes
				}
				return read("read here before it is overwritten")
			}
		}
	case *ssa.FieldAddr:
		if i.X == sl.base && !sl.cell {
			return out // judged where the address is used
		}
	case *ssa.MakeClosure:
		if lf.onlyBecome(i) {
			return out
		}
	case *ssa.Call:
		if t := lf.becomeTarget(i); t != nil {
			out.became = []*types.Func{t}
		}
		if g := i.Call.StaticCallee(); g != nil && !sl.cell {
			if k := slices.Index(i.Call.Args, sl.base); k >= 0 && !slices.Contains(i.Call.Args[k+1:], sl.base) {
				s := lf.summary(g, k, sl.pending, sl.latched, sl.below)
				if s.read != nil {
					return read("passed here to " + calleeName(g) + ", which reads what was sent: " + s.read.Message)
				}
				out.pending = s.still
				out.became = union(out.became, s.became)
				return out
			}
		}
	}
	for _, op := range instr.Operands(nil) {
		if *op == nil {
			continue
		}
		if *op == sl.base {
			if sl.cell {
				// Part of the captured variable: its field or element.
				return read("used here before it is overwritten")
			}
			return read("the machine is used here in a way the analysis does not follow")
		}
		if _, ok := field(*op); ok {
			return read("used here before it is overwritten")
		}
	}
	return out
}

// summary returns what a call of g, passed the machine as argument k,
// whose latches latched are set, does to its pending fields. A call
// already being summarised (recursion) is assumed to do nothing. The
// latches g sets are not carried back to the caller, which is only less
// precise: a latch stays set.
func (lf *lifter) summary(g *ssa.Function, k int, pending, latched []string, below bool) *summary {
	key := summaryKey{g, k, strings.Join(pending, ","), strings.Join(latched, ","), below}
	if s, ok := lf.summaries[key]; ok {
		if !s.done {
			return &summary{still: pending}
		}
		return s
	}
	s := &summary{}
	lf.summaries[key] = s
	if k >= len(g.Params) {
		s.read = &analysis.RelatedInformation{Pos: g.Pos(), Message: "the machine is passed to " + g.String()}
		s.done = true
		return s
	}
	// What the caller passes may still hold the sent memory, so only a
	// store of new memory overwrites a field.
	out := lf.scan(g, nil, slot{base: g.Params[k], pending: pending, latched: latched, below: below}, func(_ ssa.Instruction, v ssa.Value) bool { return newValue(v) })
	s.read = out.read
	for _, e := range out.exits {
		s.still = union(s.still, e.pending)
		s.became = union(s.became, e.became)
	}
	slices.Sort(s.still)
	s.done = true
	return s
}

// newValue reports whether v is new memory or none: nil, a constant, an
// allocation, or an append to nothing.
func newValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		return true
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return ssaops.ZeroCap(v.Call.Args[0])
		}
	case *ssa.Slice:
		return newValue(v.X)
	case *ssa.ChangeType:
		return newValue(v.X)
	case *ssa.MakeInterface:
		return newValue(v.X)
	}
	return false
}

// onlyBecome reports whether a closure is a method value of the machine
// used only as the argument of Become calls (ctx.Become(a.next)), which
// install it rather than run it.
func (lf *lifter) onlyBecome(mc *ssa.MakeClosure) bool {
	var onlyCalls func(v ssa.Value) bool
	onlyCalls = func(v ssa.Value) bool {
		refs := *v.Referrers()
		for _, r := range refs {
			switch r := r.(type) {
			case *ssa.ChangeType: // to a named func type (ReceiveFunc)
				if !onlyCalls(r) {
					return false
				}
			case *ssa.Call:
				if lf.becomeTarget(r) == nil {
					return false
				}
			default:
				return false
			}
		}
		return len(refs) > 0
	}
	return onlyCalls(mc)
}

// fieldName returns the name of the field a FieldAddr selects.
func fieldName(fa *ssa.FieldAddr) string {
	name, _ := ssaops.FieldName(fa.X.Type(), fa.Field)
	return name
}

// calleeName names a function for a message.
func calleeName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok {
		return ssaops.FuncName(obj, nil)
	}
	return fn.Name()
}

// instrPos returns a position for instr, falling back to its function's.
func instrPos(instr ssa.Instruction) token.Pos {
	if pos := instr.Pos(); pos.IsValid() {
		return pos
	}
	if v, ok := instr.(*ssa.Store); ok {
		if pos := v.Val.Pos(); pos.IsValid() {
			return pos
		}
	}
	return instr.Parent().Pos()
}

// union returns the elements of a and b, each once, in a's order then
// b's.
func union[T comparable](a, b []T) []T {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
