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
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/fieldwrites"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// A lifter answers, for one package, whether a machine field that holds
// sent memory may be read again before it is overwritten.
type lifter struct {
	pass  *analysis.Pass
	model *model.Model
	prog  *ssa.Program
	funcs []*ssa.Function
	flows *taint.Flows
	// fields says which fields may be written after construction;
	// delivers, which sends hand their message to the package's own
	// actors (the strict reading's).
	fields   *fieldwrites.Result
	delivers fieldwrites.Delivers
	// handlers are the package's actor message handlers.
	handlers *model.Handlers
	// calls are the static call sites of each function of the package;
	// valued says a function is also used as a value (a go statement's
	// callee included); goOnly says every such use is a go statement's.
	calls  map[*ssa.Function][]*ssa.Call
	valued map[*ssa.Function]bool
	goOnly map[*ssa.Function]bool
	// summaries memoise callee scans (see summary), readers anyReader,
	// owned ownedBy.
	summaries map[summaryKey]*summary
	readers   map[readerKey]reader
	owned     map[*ssa.Function]map[*ssa.Function]bool
	// latches are the package's latch fields (latch.go).
	latches map[latchKey]bool
	// childlessMemo memoises childless (stops.go).
	childlessMemo map[*types.Named]bool
}

func newLifter(pass *analysis.Pass, m *model.Model, pkg *buildssa.SSA, flows *taint.Flows, gu *givesup.Result, fields *fieldwrites.Result) *lifter {
	lf := &lifter{
		pass: pass, model: m, prog: pkg.Pkg.Prog, funcs: pkg.SrcFuncs, flows: flows, fields: fields,
		delivers:  gu.DeliversInPackage,
		handlers:  m.Handlers(pass.Pkg),
		calls:     make(map[*ssa.Function][]*ssa.Call),
		valued:    make(map[*ssa.Function]bool),
		goOnly:    make(map[*ssa.Function]bool),
		summaries: make(map[summaryKey]*summary),
		readers:   make(map[readerKey]reader),
		owned:     make(map[*ssa.Function]map[*ssa.Function]bool),
		latches:   findLatches(pass.Pkg, pkg.SrcFuncs),

		childlessMemo: make(map[*types.Named]bool),
	}
	for _, fn := range lf.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if g := call.Call.StaticCallee(); g != nil {
						lf.calls[g] = append(lf.calls[g], call)
					}
					if c, ok := m.Resolve(call.Common()); ok {
						lf.handlers.Note(c)
					}
				}
				for _, op := range instr.Operands(nil) {
					g, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if call, isCall := instr.(*ssa.Call); isCall && call.Call.Value == g {
						continue
					}
					gostmt, isGo := instr.(*ssa.Go)
					lf.used(g, isGo && gostmt.Call.Value == g)
					if mc, isClosure := instr.(*ssa.MakeClosure); isClosure && mc.Fn == g {
						if meth := lf.boundMethod(g); meth != nil {
							lf.used(meth, spawnedOnly(gu, mc))
						}
					}
				}
			}
		}
	}
	return lf
}

// used records a use of fn as a value, started says as the body of a new
// goroutine (see goOnly).
func (lf *lifter) used(fn *ssa.Function, started bool) {
	if !lf.valued[fn] {
		lf.goOnly[fn] = started
	} else if !started {
		lf.goOnly[fn] = false
	}
	lf.valued[fn] = true
}

// boundMethod returns the method a bound method wrapper (the closure of a
// method value, s.run) calls, or nil.
func (lf *lifter) boundMethod(wrapper *ssa.Function) *ssa.Function {
	if !ssaops.IsBoundMethod(wrapper) || len(wrapper.TypeArgs()) > 0 {
		return nil
	}
	obj, ok := wrapper.Object().(*types.Func)
	if !ok {
		return nil
	}
	return lf.prog.FuncValue(obj)
}

// spawnedOnly reports whether every use of the method value mc hands it to
// a call that runs it on a new goroutine: a spawn row of the model
// (g.Go(w.loop)) or a helper that starts a goroutine to run it
// (start(host.run)), as givesup's points say.
func spawnedOnly(gu *givesup.Result, mc *ssa.MakeClosure) bool {
	refs := *mc.Referrers()
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		if _, debug := ref.(*ssa.DebugRef); debug {
			continue
		}
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		spawned := slices.ContainsFunc(gu.Points(call.Parent()), func(p transfer.Point) bool {
			return p.Instr == call && p.Spawns && slices.Contains(p.Given, ssa.Value(mc))
		})
		if !spawned {
			return false
		}
	}
	return true
}

// becomeTarget returns the method a call of a Become row installs as the
// actor's next handler, or nil.
func (lf *lifter) becomeTarget(call *ssa.Call) *types.Func {
	c, ok := lf.model.Resolve(call.Common())
	if !ok {
		return nil
	}
	return lf.handlers.BecomeTarget(c)
}

// isHandler reports whether fn is a method that is an actor's message
// handler.
func (lf *lifter) isHandler(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil && lf.handlers.IsFunc(fn)
}

// live reports whether a candidate's memory may be read again through the
// machine field that keeps it, and where.
func (lf *lifter) live(k ownership.Kept) (*analysis.RelatedInformation, bool) {
	fn := k.Point.Instr.Parent()
	fl := lf.flows.Flow(fn)
	given, ok := transferred(fl, k)
	if !ok || len(given) == 0 {
		return nil, true
	}
	// A store after the transfer overwrites the field unless what it
	// stores still reaches the transferred memory.
	killsAfter := func(instr ssa.Instruction, v ssa.Value) bool {
		h, ok := fl.HeapBefore(instr)
		if !ok {
			return false
		}
		return !fl.Reach(h, fl.Locs(v), givesup.Opaque).Intersects(given)
	}
	var sl slot
	if k.Field != "" {
		sl = slot{base: fn.Params[0], pending: []string{k.Field}}
		sl.latched = lf.latchedAt(k.Point.Instr, sl.base)
	} else {
		sl = slot{base: fn.FreeVars[k.Port-len(fn.Params)], cell: true, pending: []string{""}}
	}
	sl.below = k.Below
	// The transfer itself: a callee that gives up its argument may
	// overwrite the field before it sends (c.complete(c.pending) with
	// c.pending = nil first).
	eff := lf.effect(k.Point.Instr, sl, killsAfter)
	if eff.read != nil {
		return eff.read, true
	}
	if len(eff.pending) == 0 {
		return nil, false
	}
	sl.pending = eff.pending
	out := lf.scan(fn, k.Point.Instr, sl, killsAfter)
	if out.read != nil {
		return out.read, true
	}
	seen := make(map[string]bool)
	for _, e := range out.exits {
		if read, ok := lf.afterExit(fn, sl, e, seen); ok {
			return read, true
		}
	}
	return nil, false
}

// afterExit reports whether the machine may read a pending field after fn
// returns with the slot in state e: in the handler that runs next, in the
// callers of a helper, or anywhere in the package.
func (lf *lifter) afterExit(fn *ssa.Function, sl slot, e exit, seen map[string]bool) (*analysis.RelatedInformation, bool) {
	key := fmt.Sprint(fn.String(), "|", strings.Join(e.pending, ","), "|", e.became, "|", strings.Join(e.latched, ","), "|", e.result, "|", e.stopped)
	if seen[key] {
		return nil, false
	}
	seen[key] = true
	next := func(h *ssa.Function, base ssa.Value, cell, final bool) (*analysis.RelatedInformation, bool) {
		out := lf.scan(h, nil, slot{base: base, cell: cell, pending: e.pending, latched: e.latched, final: final, below: sl.below}, nil)
		if out.read != nil {
			return out.read, true
		}
		if final {
			return nil, false // nothing is delivered after the final messages (stops.go)
		}
		for _, e2 := range out.exits {
			if read, ok := lf.afterExit(h, slot{base: base, cell: cell, pending: e2.pending, latched: e2.latched, below: sl.below}, e2, seen); ok {
				return read, true
			}
		}
		return nil, false
	}
	switch {
	case sl.cell:
		// A function literal runs again; nothing else may reach its
		// captured variable.
		if lf.cellShared(fn, sl.base) {
			return nil, true
		}
		return next(fn, sl.base, true, false)
	case lf.isHandler(fn) && sl.base == fn.Params[0]:
		// The actor handles its next message with the handler a Become
		// on the path installed, or with the same one.
		targets := e.became
		if len(targets) == 0 {
			targets = []*types.Func{fn.Object().(*types.Func).Origin()}
		}
		// An actor that stopped itself, with no children to wait for,
		// gets only the framework's final messages (stops.go).
		final := e.stopped && lf.childless(fn)
		for _, t := range targets {
			h := lf.prog.FuncValue(t)
			if h == nil || len(h.Blocks) == 0 || len(h.Params) == 0 {
				return nil, true
			}
			if read, ok := next(h, h.Params[0], false, final); ok {
				return read, true
			}
		}
		return nil, false
	case sl.base == fn.Params[0] && lf.halts(fn):
		// The machine's goroutine ends: none of its handlers runs
		// again, and only code other goroutines run may read the field.
		return lf.anyReader(fn, e.pending, sl.below, lf.ownedBy(fn))
	case sl.base == fn.Params[0] && fn.Signature.Recv() != nil && !lf.valued[fn] && !token.IsExported(fn.Name()) && len(lf.calls[fn]) > 0:
		// A helper returns to its callers, which go on with the
		// machine.
		for _, call := range lf.calls[fn] {
			caller := call.Parent()
			base := call.Call.Args[0]
			out := lf.scan(caller, call, slot{base: base, pending: e.pending, latched: e.latched, known: e.result.of(call), stopped: e.stopped, below: sl.below}, nil)
			if out.read != nil {
				return out.read, true
			}
			for _, e2 := range out.exits {
				if len(caller.Params) == 0 || base != caller.Params[0] {
					return lf.anyReader(fn, e2.pending, sl.below, nil)
				}
				if read, ok := lf.afterExit(caller, slot{base: base, pending: e2.pending, latched: e2.latched, below: sl.below}, e2, seen); ok {
					return read, true
				}
			}
		}
		return nil, false
	default:
		return lf.anyReader(fn, e.pending, sl.below, nil)
	}
}

// halts reports whether fn is the body of a machine's goroutine: an
// unexported method of the package that only go statements start, so
// that its return ends the goroutine.
func (lf *lifter) halts(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil && !token.IsExported(fn.Name()) && lf.goOnly[fn] && len(lf.calls[fn]) == 0
}

// ownedBy returns the functions of the package that run only inside the
// goroutine whose body is root: root, and the unexported functions, not
// used as values, that only functions it owns call (the greatest such set,
// so that helpers calling each other, serve and grant, are owned).
func (lf *lifter) ownedBy(root *ssa.Function) map[*ssa.Function]bool {
	if owned, ok := lf.owned[root]; ok {
		return owned
	}
	owned := map[*ssa.Function]bool{root: true}
	defer func() { lf.owned[root] = owned }()
	for _, g := range lf.funcs {
		if !lf.valued[g] && len(lf.calls[g]) > 0 && !token.IsExported(g.Name()) {
			owned[g] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, g := range lf.funcs {
			if g == root || !owned[g] {
				continue
			}
			if slices.ContainsFunc(lf.calls[g], func(c *ssa.Call) bool { return !owned[c.Parent()] }) {
				delete(owned, g)
				changed = true
			}
		}
	}
	return owned
}

// anyReader reports whether some function of the package, other than
// those in except, may read one of the fields of fn's receiver type
// before it overwrites it: after a method of a plain type returns, any of
// them may run next. An exported field may be read by other packages.
func (lf *lifter) anyReader(fn *ssa.Function, fields []string, below bool, except map[*ssa.Function]bool) (*analysis.RelatedInformation, bool) {
	named := pointee(fn.Params[0].Type())
	if named == nil {
		return nil, true
	}
	for _, f := range fields {
		if token.IsExported(f) {
			return nil, true
		}
	}
	key := readerKey{named: named, fields: strings.Join(fields, ","), below: below}
	if except != nil {
		key.root = fn
	}
	r, ok := lf.readers[key]
	if !ok {
		r.read, r.live = lf.findReader(named, fields, below, except)
		lf.readers[key] = r
	}
	return r.read, r.live
}

// A readerKey names the fields of a type that anyReader looks for, and
// the goroutine body whose functions it skips (nil: none); a reader is
// what it found.
type readerKey struct {
	named  *types.Named
	fields string
	below  bool
	root   *ssa.Function
}

type reader struct {
	read *analysis.RelatedInformation
	live bool
}

// findReader scans every function of the package but those in except
// for one that reads a field of named among fields before overwriting it.
func (lf *lifter) findReader(named *types.Named, fields []string, below bool, except map[*ssa.Function]bool) (*analysis.RelatedInformation, bool) {
	for _, g := range lf.funcs {
		if except[g] {
			continue
		}
		var bases []ssa.Value
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				if fa, ok := instr.(*ssa.FieldAddr); ok && pointee(fa.X.Type()) == named && slices.Contains(fields, fieldName(fa)) && !slices.Contains(bases, fa.X) {
					bases = append(bases, fa.X)
				}
			}
		}
		for _, base := range bases {
			if out := lf.scan(g, nil, slot{base: base, pending: fields, below: below}, nil); out.read != nil {
				return out.read, true
			}
		}
	}
	return nil, false
}

// cellShared reports whether the variable a function literal captures as
// free variable fv is also used by other code: the enclosing function
// after it made the literal, or another literal.
func (lf *lifter) cellShared(fn *ssa.Function, fv ssa.Value) bool {
	i := slices.Index(fn.FreeVars, fv.(*ssa.FreeVar))
	parent := fn.Parent()
	if parent == nil {
		return true
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || i >= len(mc.Bindings) {
				continue
			}
			for _, ref := range *mc.Bindings[i].Referrers() {
				switch r := ref.(type) {
				case *ssa.Store:
					if r.Addr == mc.Bindings[i] {
						continue // an initialisation, or a reset
					}
				case *ssa.DebugRef:
					continue
				case *ssa.MakeClosure:
					if r == mc {
						continue
					}
				}
				return true
			}
		}
	}
	return false
}
