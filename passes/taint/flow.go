// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// maxPasses bounds the fixpoint iteration of one function; a function that
// has not settled by then gets the conservative summary.
const maxPasses = 40

// maxObjects bounds the abstract objects of one function, for the same
// reason. It is a variable only so that a test can lower it
// (SetMaxObjects); nothing else writes it.
var maxObjects = 4000

// A Flow is the flow-sensitive heap analysis of one function: the abstract
// heap at the entry of every block, and the locations every SSA value may
// point to.
type Flow struct {
	Fn *ssa.Function

	sv     *solver
	objs   []Object
	lazy   map[Loc]ObjID
	sites  map[ssa.Instruction]ObjID
	vals   map[ssa.Value]LocSet
	roots  map[int]ObjID // port → root object
	global ObjID
	// globalLocs is the location set of global, shared by every call.
	globalLocs LocSet
	inCycle    []bool
	h0         Heap
	entry      []Heap // by block index
	exits      []Heap // by block index
	exit       Heap   // joined at the function's returns
	grew       bool
	// Incomplete says the analysis hit a bound and its results are not
	// sound; the summary is then conservative. overBudget says which.
	Incomplete bool
	overBudget string
	used       map[*ssa.Function]bool // callees whose summaries were applied
	deeps      map[Loc]ObjID          // place → object for memory deep below it
	portDeeps  map[int]ObjID          // port → object for all deep below it
	deepsOf    map[int]int            // port → how many place deeps it has
	merges     map[mergeKey]ObjID     // call site → object linking its operands
	// callees memoises calleeSummaries while the summaries cannot
	// change (one summarize), nil otherwise.
	callees map[*ssa.CallCommon]calleesMemo
	// objPaths memoises objPath, by object.
	objPaths []objPathMemo
}

type calleesMemo struct {
	summarized []calleeSummary
	complete   bool
}

// Object returns the abstract object id.
func (f *Flow) Object(id ObjID) *Object { return &f.objs[id] }

// Root returns the root object of a port, if the port can reach memory.
func (f *Flow) Root(port int) (ObjID, bool) {
	id, ok := f.roots[port]
	return id, ok
}

// Locs returns the locations v may point to (or whose memory v holds
// references into).
func (f *Flow) Locs(v ssa.Value) LocSet { return f.val(v) }

// Entry returns a copy of the heap at the entry of b.
func (f *Flow) Entry(b *ssa.BasicBlock) Heap { return f.entry[b.Index].clone() }

// Walk calls visit for every instruction of b with the heap before it.
func (f *Flow) Walk(b *ssa.BasicBlock, visit func(ssa.Instruction, Heap) bool) {
	if !f.entry[b.Index].valid() {
		return // unreachable block
	}
	h := f.entry[b.Index].clone()
	for _, instr := range b.Instrs {
		if !visit(instr, h) {
			return
		}
		f.step(instr, h)
	}
}

func newFlow(sv *solver, fn *ssa.Function) *Flow {
	f := &Flow{
		Fn:        fn,
		sv:        sv,
		lazy:      make(map[Loc]ObjID),
		sites:     make(map[ssa.Instruction]ObjID),
		vals:      make(map[ssa.Value]LocSet),
		roots:     make(map[int]ObjID),
		used:      make(map[*ssa.Function]bool),
		deeps:     make(map[Loc]ObjID),
		portDeeps: make(map[int]ObjID),
		deepsOf:   make(map[int]int),
		merges:    make(map[mergeKey]ObjID),
	}
	f.inCycle = ssaops.BlocksInCycles(fn)
	f.h0 = newHeap()
	f.global = f.newObject(Object{Kind: Root, Port: GlobalPort, Name: "package-level variables", Single: true})
	f.roots[GlobalPort] = f.global
	f.globalLocs = LocSet{{f.global, anyKey}}
	for i, p := range fn.Params {
		f.addRoot(i, p, p.Name())
	}
	for i, fv := range fn.FreeVars {
		f.addRoot(len(fn.Params)+i, fv, fv.Name())
	}
	return f
}

func (f *Flow) addRoot(port int, v ssa.Value, name string) {
	if !f.sv.tracked(v.Type()) {
		return
	}
	id := f.newObject(Object{Kind: Root, Type: pointee(v.Type()), Port: port, Name: name, Single: true})
	f.roots[port] = id
	f.vals[v] = LocSet{{id, ""}}
}

func (f *Flow) newObject(o Object) ObjID {
	o.parent = noObj
	o.Shared = o.Type != nil && f.sv.shareable(o.Type)
	f.objs = append(f.objs, o)
	return ObjID(len(f.objs) - 1)
}

// Exempt reports whether values of type t never carry ownership (see
// model.Model.Exempt).
func (f *Flow) Exempt(t types.Type) bool {
	return !model.ReachesMutable(t) || f.sv.shareable(t)
}

// shareable memoizes the model's Shareable.
func (sv *solver) shareable(t types.Type) bool {
	return memoType(sv.sharedMap, t, sv.res.model.Shareable)
}

// solve runs the dataflow to a fixpoint.
func (f *Flow) solve() {
	fn := f.Fn
	n := len(fn.Blocks)
	f.entry = make([]Heap, n)
	f.exits = make([]Heap, n)
	if n == 0 {
		f.exit = newHeap()
		return
	}
	order := reversePostorder(fn)
	for pass := 0; ; pass++ {
		if pass == maxPasses || len(f.objs) > maxObjects {
			f.Incomplete = true
			f.overBudget = fmt.Sprintf("%d passes, %d abstract objects; the budget is %d passes and %d objects", pass, len(f.objs), maxPasses, maxObjects)
			break
		}
		f.grew = false
		changed := false
		for _, b := range order {
			in := f.blockEntry(b)
			if !in.valid() {
				continue
			}
			f.entry[b.Index] = in
			h := in.clone()
			for _, instr := range b.Instrs {
				f.step(instr, h)
			}
			if !f.exits[b.Index].valid() || !f.exits[b.Index].equal(h) {
				changed = true
			}
			f.exits[b.Index] = h
		}
		if !changed && !f.grew {
			break
		}
	}
	f.exit = newHeap()
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || !f.exits[b.Index].valid() {
			continue
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			f.exit.join(f.exits[b.Index])
		}
	}
	f.exits = nil // the entries are enough to walk any block again
}

// blockEntry joins the exits of b's predecessors; the entry block starts
// from the entry heap, and the recover block from every block's exit,
// since a panic may leave any of them.
//
// The result is read-only: when one predecessor's exit is all there is
// (most blocks), it is that exit itself, which no one modifies once
// stored, rather than a copy the caller copies again to step through b.
func (f *Flow) blockEntry(b *ssa.BasicBlock) Heap {
	if b.Index == 0 {
		return f.h0.clone() // materialize adds to h0
	}
	preds := b.Preds
	if b == f.Fn.Recover {
		preds = f.Fn.Blocks
	}
	var in Heap
	shared := false // in is a predecessor's exit
	for _, p := range preds {
		x := f.exits[p.Index]
		if !x.valid() {
			continue
		}
		if l, ok := f.nilOnEdge(p, b); ok {
			x = x.clone() // nilguard.go
			x.write(l, nil, true)
		}
		switch {
		case !in.valid():
			in, shared = x, true
		case shared:
			in, shared = in.clone(), false
			in.join(x)
		default:
			in.join(x)
		}
	}
	return in
}

// setVal records what v may point to, growing monotonically across passes.
func (f *Flow) setVal(v ssa.Value, locs LocSet) {
	old := f.vals[v]
	nw := union(old, locs)
	if len(nw) != len(old) {
		f.vals[v] = nw
		f.grew = true
	}
}

// site returns the object allocated by instr.
func (f *Flow) site(instr ssa.Instruction, kind ObjKind, t types.Type, name string) ObjID {
	if id, ok := f.sites[instr]; ok {
		return id
	}
	single := instr.Block() != nil && !f.inCycle[instr.Block().Index]
	id := f.newObject(Object{Kind: kind, Type: t, Port: NoPort, Name: name, Single: single, Site: instr})
	f.sites[instr] = id
	return id
}

// materialize returns the object a root-derived object's path held on
// entry, adding it to the entry heap the first time.
func (f *Flow) materialize(h Heap, l Loc, t types.Type) {
	if id, ok := f.lazy[l]; ok {
		h.write(l, LocSet{{id, ""}}, false)
		return
	}
	parent := f.objs[l.Obj]
	var id ObjID
	if parent.depth >= maxKeyDepth-1 || l.Key == anyKey {
		id = f.deep(l)
	} else {
		name := parent.Name
		if l.Key != "" {
			name += "." + l.Key
		}
		if parent.Kind == Root && parent.Port == GlobalPort {
			name = displayGlobal(l.Key)
		}
		id = f.newObject(Object{
			Kind: Lazy, Type: pointee(t), Port: parent.Port, Name: name,
			Single: parent.Single && strongKey(l.Key),
		})
		f.objs[id].parent = l.Obj
		f.objs[id].key = l.Key
		f.objs[id].depth = parent.depth + 1
	}
	f.lazy[l] = id
	f.h0.write(l, LocSet{{id, ""}}, false)
	h.write(l, LocSet{{id, ""}}, false)
	f.grew = true
}

// deep returns the summary object for everything reachable from the
// place l, which lies too deep below its port (maxKeyDepth) or at an
// unknown field: the object keeps l's path as its prefix (objPath), so
// that a caller reading deep below w.db.lc is not taken to read w's own
// fields too. A port with maxDeepsPerPort such places already shares one
// object for all below it, as recursive data would otherwise make one
// per place its loads reach. Memory deep below such an object is the
// object itself.
func (f *Flow) deep(l Loc) ObjID {
	parent := &f.objs[l.Obj]
	if parent.depth >= maxKeyDepth {
		return l.Obj
	}
	port := parent.Port
	if id, ok := f.deeps[l]; ok {
		return id
	}
	if id, ok := f.portDeeps[port]; ok {
		return id
	}
	id := f.newObject(Object{Kind: Lazy, Port: port, Name: fmt.Sprintf("memory deep below port %d", port)})
	f.objs[id].depth = maxKeyDepth
	if f.deepsOf[port] < maxDeepsPerPort {
		f.objs[id].parent, f.objs[id].key = l.Obj, l.Key
		f.deeps[l] = id
		f.deepsOf[port]++
	} else {
		f.portDeeps[port] = id // its parent stays noObj
	}
	f.lazy[Loc{id, anyKey}] = id
	f.h0.write(Loc{id, anyKey}, LocSet{{id, ""}}, false)
	return id
}

// maxDeepsPerPort bounds the objects Flow.deep makes for one port.
const maxDeepsPerPort = 4

// noObj is no object: the parent newObject gives every object, which
// the object for all deep below a port keeps.
const noObj ObjID = -1

// load returns what the memory at addrs may point to.
func (f *Flow) load(h Heap, addrs LocSet, t types.Type) LocSet {
	var out LocSet
	for _, a := range addrs {
		if f.objs[a.Obj].Port != NoPort && !h.hasCover(a.Obj, a.Key) {
			f.materialize(h, a, t)
		}
		out = union(out, h.read(a))
	}
	return out
}

// Reach returns the objects reachable from locs in h. Objects for which
// stop returns true are included but not traversed.
func (f *Flow) Reach(h Heap, locs LocSet, stop func(*Object) bool) ObjSet {
	var seen ObjSet
	var stack []ObjID
	push := func(s LocSet) {
		for _, l := range s {
			if seen.Add(l.Obj) {
				stack = append(stack, l.Obj)
			}
		}
	}
	push(locs)
	for len(stack) > 0 {
		o := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if stop != nil && stop(&f.objs[o]) {
			continue
		}
		h.pointees(o, push)
	}
	return seen
}

// displayGlobal renders a globals key as pkg.name.
func displayGlobal(key string) string {
	if i := strings.IndexByte(key, '.'); i >= 0 {
		key = key[:i]
	}
	if i := strings.LastIndexByte(key, '/'); i >= 0 {
		key = key[i+1:]
	}
	return strings.ReplaceAll(key, "·", ".")
}

// DisplayGlobal renders the key of a package-level variable as pkg.name.
func DisplayGlobal(key string) string { return displayGlobal(key) }

func pointee(t types.Type) types.Type {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// reversePostorder orders the reachable blocks of fn for forward dataflow.
func reversePostorder(fn *ssa.Function) []*ssa.BasicBlock {
	seen := make([]bool, len(fn.Blocks))
	var post []*ssa.BasicBlock
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s.Index] {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(fn.Blocks[0])
	if fn.Recover != nil && !seen[fn.Recover.Index] {
		visit(fn.Recover)
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// HeapBefore returns the heap just before instr, or false if instr is
// unreachable.
func (f *Flow) HeapBefore(instr ssa.Instruction) (Heap, bool) {
	var out Heap
	found := false
	f.Walk(instr.Block(), func(i ssa.Instruction, h Heap) bool {
		if i == instr {
			out, found = h.clone(), true
			return false
		}
		return true
	})
	return out, found
}
