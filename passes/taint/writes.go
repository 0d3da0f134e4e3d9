// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Writes returns the objects instr may write, with h the heap before it:
// the memory a store, map update or built-in modifies, and for a call,
// go or defer, everything reachable from the operands its callees' summaries
// say they write (all of it for a callee without a summary in the strict
// reading, none of it by default).
func (f *Flow) Writes(instr ssa.Instruction, h Heap) ObjSet {
	return f.writes(instr, h, f.sv.res.strict)
}

// PlaceWrites is Writes with every call judged as the default reading
// judges it, by the places and depth its callees' summaries write
// (Summary.WritePaths, WritesDepth), also in the strict reading; a
// callee without a summary still writes all its operands reach there.
// The strict reading's closed receiving side (givesup) asks it of the
// receivers: a machine that keeps a message in a field and writes
// another field does not write the message.
func (f *Flow) PlaceWrites(instr ssa.Instruction, h Heap) ObjSet {
	return f.writes(instr, h, false)
}

// writes is Writes; with deep, a call writes everything below the ports
// its callees write.
func (f *Flow) writes(instr ssa.Instruction, h Heap, deep bool) ObjSet {
	w := &writeSet{f: f, h: h, deepCalls: deep}
	switch i := instr.(type) {
	case *ssa.Store:
		w.direct(f.val(i.Addr))
	case *ssa.MapUpdate:
		w.direct(f.val(i.Map))
	case ssa.CallInstruction:
		c := i.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "append":
				if !ssaops.ZeroCap(c.Args[0]) {
					w.direct(f.val(c.Args[0]))
				}
			case "copy", "delete", "clear":
				w.direct(f.val(c.Args[0]))
			}
			return w.out
		}
		w.call(c)
	}
	return w.out
}

// CallWrites returns the objects a call of the function value fn with no
// arguments may write, with h the heap before it: what a spawn row's
// function argument writes when the spawned goroutine calls it.
func (f *Flow) CallWrites(fn ssa.Value, h Heap) ObjSet {
	w := &writeSet{f: f, h: h, deepCalls: f.sv.res.strict}
	w.call(&ssa.CallCommon{Value: fn})
	return w.out
}

// A writeSet collects the objects an instruction may write.
type writeSet struct {
	f   *Flow
	h   Heap
	out ObjSet
	// deepCalls says a call writes everything below the ports its
	// callees write, whatever their depths and places (the strict
	// reading's Writes).
	deepCalls bool
}

// direct adds the objects of locs.
func (w *writeSet) direct(locs LocSet) {
	for _, l := range locs {
		w.out.Add(l.Obj)
	}
}

// deep adds everything reachable from locs.
func (w *writeSet) deep(locs LocSet) {
	var stack []ObjID
	push := func(s LocSet) {
		for _, l := range s {
			if w.out.Add(l.Obj) {
				stack = append(stack, l.Obj)
			}
		}
	}
	push(locs)
	for len(stack) > 0 {
		o := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		w.pointees(o, push)
	}
}

// pointees calls f with what o may point to. By default the object
// standing for all package-level memory leads only to the variables it
// names: what callee summaries linked to it as "some global memory" is an
// alias the analysis only suspects (a callee that caches one argument in a
// global table and writes another argument's buffer would otherwise write
// both). The strict reading follows every link.
func (w *writeSet) pointees(o ObjID, f func(LocSet)) {
	if w.f.sv.res.strict || o != w.f.global {
		w.h.pointees(o, f)
		return
	}
	w.h.Fields(o, func(key string, to LocSet) {
		if key != anyKey {
			f(to)
		}
	})
}

// below adds what is reachable from the objects of locs, not the objects
// themselves: a callee that writes through a captured variable does not
// write the variable.
func (w *writeSet) below(locs LocSet) {
	var next LocSet
	for _, l := range locs {
		w.pointees(l.Obj, func(s LocSet) { next = append(next, s...) })
	}
	w.deep(next)
}

// within adds the objects from to to pointers below the objects of locs
// (0: those objects; to = MaxWriteDepth: no bound below).
func (w *writeSet) within(locs LocSet, from, to int) {
	if to >= MaxWriteDepth {
		if from == 0 {
			w.deep(locs)
		} else {
			w.below(locs)
		}
		return
	}
	var seen ObjSet
	level := make([]ObjID, 0, len(locs))
	for _, l := range locs {
		if seen.Add(l.Obj) {
			level = append(level, l.Obj)
		}
	}
	for d := 0; d <= to && len(level) > 0; d++ {
		var next []ObjID
		for _, o := range level {
			if d >= from {
				w.out.Add(o)
			}
			if d == to {
				continue
			}
			w.pointees(o, func(s LocSet) {
				for _, l := range s {
					if seen.Add(l.Obj) {
						next = append(next, l.Obj)
					}
				}
			})
		}
		level = next
	}
}

// call adds what the callees of c write by their summaries (and, in the
// strict reading, everything reachable from the operands of a callee
// without one).
func (w *writeSet) call(c *ssa.CallCommon) {
	f := w.f
	summarized, complete := f.calleeSummaries(c)
	for _, cs := range summarized {
		s := cs.s
		pv := f.portValues(c, cs.callee)
		for i, p := range s.Writes {
			from, to := 1, MaxWriteDepth
			if slices.Contains(s.WritesRoot, p) {
				from = 0
			}
			if i < len(s.WritesDepth) && !w.deepCalls {
				to = s.WritesDepth[i]
			}
			if on, ok := w.onPaths(s, p, pv.at(p)); ok {
				within := &writeSet{f: f, h: w.h, deepCalls: w.deepCalls}
				within.within(pv.at(p), from, to)
				within.out.Each(func(o ObjID) {
					if on.Has(o) {
						w.out.Add(o)
					}
				})
				continue
			}
			w.within(pv.at(p), from, to)
		}
	}
	if !complete && f.sv.res.strict {
		if _, static := c.Value.(*ssa.Function); !static {
			w.deep(f.val(c.Value))
		}
		for _, a := range c.Args {
			w.deep(f.val(a))
		}
	}
}

// onPaths returns, by default, the objects on the places below arg that
// the summary s says its function writes through port p (WritePaths), and
// whether it had them. A call writes what lies both on those places and
// within the depth of its deepest write: the places keep apart what the
// depth merges (fmt's printer writes its buffer, one pointer below it, and
// holds the value it prints, also one pointer below, but writes only the
// buffer), and the depth bounds places a summary could not name ("**").
// The strict reading, a port without paths, and package-level memory
// (whose suspected links pointees leaves out) use the depth alone.
func (w *writeSet) onPaths(s *Summary, p int, arg LocSet) (ObjSet, bool) {
	if w.deepCalls || !w.h.valid() || slices.ContainsFunc(arg, func(l Loc) bool { return l.Obj == w.f.global }) {
		return nil, false
	}
	i := slices.IndexFunc(s.WritePaths, func(pp PortPaths) bool { return pp.Port == p })
	if i < 0 || slices.Contains(s.WritePaths[i].Paths, deepPath) {
		return nil, false // everything below: the depth alone decides
	}
	var on ObjSet
	for _, rel := range s.WritePaths[i].Paths {
		for _, l := range w.f.follow(w.h, arg, rel) {
			on.Add(l.Obj)
		}
	}
	return on, true
}

// portTouches accumulates, over a function's instructions, which ports'
// memory on entry it writes: the ports, those whose root object itself is
// written, and how deep below its root the deepest write is (see
// Summary.WritesDepth).
type portTouches struct {
	touched, root map[int]bool
	deepest       map[int]int
}

func newPortTouches() *portTouches {
	return &portTouches{touched: make(map[int]bool), root: make(map[int]bool), deepest: make(map[int]int)}
}

func (t *portTouches) add(f *Flow, objs ObjSet) {
	objs.Each(func(o ObjID) {
		if p := f.objs[o].Port; p != NoPort {
			t.touched[p] = true
			if f.roots[p] == o {
				t.root[p] = true
			}
			t.deepest[p] = max(t.deepest[p], min(f.objs[o].depth, MaxWriteDepth))
		}
	})
}

// lists returns the touched ports, those whose roots are, and the depths.
func (t *portTouches) lists(f *Flow) (ports, roots, depths []int) {
	for _, p := range f.ports() {
		if t.touched[p] {
			ports = append(ports, p)
			depths = append(depths, t.deepest[p])
		}
		if t.root[p] {
			roots = append(roots, p)
		}
	}
	return ports, roots, depths
}

// accesses fills in s what f reads and writes of its ports' memory on
// entry, in one walk: Writes (with roots and depths) and the places
// (ReadPaths, WritePaths). Accesses under a lock are lockset's question
// and are left out.
func (f *Flow) accesses(s *Summary) {
	f.callees = make(map[*ssa.CallCommon]calleesMemo)
	defer func() { f.callees = nil }()
	writes := newPortTouches()
	paths := newPathTouches(f)
	guarded := f.Guarded()
	for _, b := range f.Fn.Blocks {
		f.Walk(b, func(instr ssa.Instruction, h Heap) bool {
			if guarded[instr] {
				return true
			}
			switch instr.(type) {
			case *ssa.Store, *ssa.MapUpdate, ssa.CallInstruction:
				writes.add(f, f.Writes(instr, h))
				paths.add(instr, h)
			case *ssa.UnOp, *ssa.Lookup, *ssa.Range:
				paths.add(instr, h)
			}
			return true
		})
	}
	s.Writes, s.WritesRoot, s.WritesDepth = writes.lists(f)
	s.ReadPaths, s.WritePaths = capPaths(paths.reads), capPaths(paths.writes)
}

// WritesUnseen reports whether instr, with h the heap before it, may
// write memory the heap holds no object for, which Writes cannot name: a
// store, map update or built-in whose written operand has no location,
// or a call whose callee writes a port, or a call the analysis cannot
// see, whose operand may refer to memory and has none. Such operands
// come from loads of memory the function received or a call returned,
// whose contents the heap does not materialise (Flow.load): a receiver's
// m.State[0]++ writes the message, though Writes finds no object for
// it. A check that must see every write of some memory (the strict
// reading's closed receiving side) takes such an instruction as writing
// it.
func (f *Flow) WritesUnseen(instr ssa.Instruction, h Heap) bool {
	unseen := func(v ssa.Value) bool { return f.sv.tracked(v.Type()) && len(f.val(v)) == 0 }
	switch i := instr.(type) {
	case *ssa.Store:
		return len(f.val(i.Addr)) == 0
	case *ssa.MapUpdate:
		return unseen(i.Map)
	case ssa.CallInstruction:
		c := i.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "append":
				return len(c.Args) > 1 && !ssaops.ZeroCap(c.Args[0]) && unseen(c.Args[0])
			case "copy", "delete", "clear":
				return unseen(c.Args[0])
			}
			return false
		}
		args := c.Args
		if c.IsInvoke() {
			args = append([]ssa.Value{c.Value}, c.Args...)
		}
		summarized, complete := f.calleeSummaries(c)
		if !complete {
			return slices.ContainsFunc(args, unseen)
		}
		for _, cs := range summarized {
			for _, p := range cs.s.Writes {
				if v := portOperand(args, cs.callee, p); v != nil && unseen(v) {
					return true
				}
			}
		}
	}
	return false
}

// portOperand returns the operand of a call with arguments args that
// stands for port p of callee ce (its parameters, then its free
// variables), or nil for package-level memory.
func portOperand(args []ssa.Value, ce callee, p int) ssa.Value {
	if p < 0 {
		return nil
	}
	if p < len(args) {
		return args[p]
	}
	nparams := len(ce.fn.Params)
	if nparams == 0 && ce.fn.Signature != nil {
		nparams = ce.fn.Signature.Params().Len()
		if ce.fn.Signature.Recv() != nil {
			nparams++
		}
	}
	if k := p - nparams; k >= 0 && k < len(ce.bindings) {
		return ce.bindings[k]
	}
	return nil
}
