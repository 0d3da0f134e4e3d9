// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file records, in summaries, which places below each port a function
// reads and writes (Summary.ReadPaths, WritePaths), so that a caller can
// tell which fields of what it passes a call touches: RacerD's access
// paths. A path names a place relative to the object a port refers to:
// field paths within one object ("id", "hdr.buf", "[]" for elements, "*"
// for anywhere in it), separated by ">" where a pointer is followed
// ("stats>n": the n field of what the stats field points to). The path
// "**" stands for everything reachable from the port.

const (
	pathSep  = ">" // not "/", which package paths in globals' keys hold
	deepPath = "**"
	// maxPathsPerPort bounds the paths a summary keeps for one port;
	// beyond it the port is touched everywhere (deepPath).
	maxPathsPerPort = 24
)

// PathSep separates the places of a summary's path where a pointer is
// followed.
const PathSep = pathSep

// DeepPath reports whether a summary's path stands for memory it cannot
// name: everything reachable below a place ("**", "f>**"), or anywhere in
// an object ("*").
func DeepPath(path string) bool {
	return strings.Contains(path, anyKey) // "**" holds it too
}

// A pathSet is a sorted set of paths.
type pathSet []string

func (s pathSet) add(p string) pathSet {
	i, found := slices.BinarySearch(s, p)
	if found {
		return s
	}
	return slices.Insert(s, i, p)
}

// PortPath returns the port object o hangs from on entry and its path
// below that port's root (as summaries write paths), or false for memory
// the function did not hold on entry (allocated, received, returned).
func (f *Flow) PortPath(o ObjID) (port int, path string, ok bool) {
	path, ok = f.objPath(o)
	return f.objs[o].Port, path, ok
}

// ObjectsAt returns the objects of h at path (as PortPath gives it)
// below the objects of from: what the callee whose port from stands for
// reaches there. Where h holds nothing on the way, the memory there is
// what the function held on entry and has not loaded: no object of h.
func (f *Flow) ObjectsAt(h Heap, from LocSet, path string) LocSet {
	if path == "" {
		return from
	}
	if DeepPath(path) {
		return f.below(h, from, from)
	}
	places := f.follow(h, from, strings.TrimSuffix(path, pathSep))
	var out LocSet
	for _, l := range places {
		out = union(out, h.read(l))
		if id, ok := f.lazy[l]; ok {
			out = union(out, LocSet{{id, ""}})
		}
	}
	return out
}

// objPath returns the path of object o from its port's root, and whether
// o has one (a lazy object below the root, or the root itself): "" for the
// root, else each key followed to reach o, each ending in pathSep.
func (f *Flow) objPath(o ObjID) (string, bool) {
	// Memoised: an object's place below its port is fixed when it is
	// made, and summaries ask for it at every path of every call.
	if int(o) < len(f.objPaths) && f.objPaths[o].known {
		return f.objPaths[o].path, f.objPaths[o].ok
	}
	p, ok := f.objPathUncached(o)
	if n := len(f.objs); len(f.objPaths) < n {
		f.objPaths = append(f.objPaths, make([]objPathMemo, n-len(f.objPaths))...)
	}
	f.objPaths[o] = objPathMemo{path: p, ok: ok, known: true}
	return p, ok
}

// objPathMemo is a memoised result of objPath.
type objPathMemo struct {
	path      string
	ok, known bool
}

// objPathUncached is objPath without the memo.
func (f *Flow) objPathUncached(o ObjID) (string, bool) {
	if obj := &f.objs[o]; obj.Port != NoPort && obj.Kind == Lazy && obj.depth >= maxKeyDepth {
		return f.deepObjPath(obj), true
	}
	var keys []string
	for {
		obj := &f.objs[o]
		if obj.Port == NoPort {
			return "", false
		}
		if obj.Kind == Root {
			break
		}
		if obj.Kind != Lazy || obj.depth >= maxKeyDepth {
			return deepPath, true // not below a place (loads below a deep object yield it)
		}
		keys = append(keys, obj.key)
		o = obj.parent
	}
	if len(keys) == 0 {
		return "", true
	}
	slices.Reverse(keys)
	return strings.Join(keys, pathSep) + pathSep, true
}

// deepObjPath returns the path of obj, an object for everything deep
// below a place (Flow.deep): that place's path, then all below it; all
// of its port for the one object a port with too many such places
// shares.
func (f *Flow) deepObjPath(obj *Object) string {
	if obj.parent == noObj {
		return deepPath
	}
	prefix, ok := f.objPath(obj.parent)
	if !ok || DeepPath(prefix) {
		return deepPath
	}
	return prefix + obj.key + pathSep + deepPath
}

// locPath returns the path of the place l from its port's root.
func (f *Flow) locPath(l Loc) (int, string, bool) { return f.composePath(l, "") }

// pathTouches accumulates, per port, the places a function may read and
// write on entry memory: its own loads and stores, and its callees' by
// their summaries.
type pathTouches struct {
	f             *Flow
	reads, writes map[int]pathSet
}

func newPathTouches(f *Flow) *pathTouches {
	return &pathTouches{f: f, reads: make(map[int]pathSet), writes: make(map[int]pathSet)}
}

func (t *pathTouches) addLocs(to map[int]pathSet, locs LocSet) {
	for _, l := range locs {
		if port, p, ok := t.f.locPath(l); ok {
			to[port] = to[port].add(p)
		}
	}
}

// add records the places instr touches, with h the heap before it.
func (t *pathTouches) add(instr ssa.Instruction, h Heap) {
	f := t.f
	r, w := f.directPlaces(instr)
	t.addLocs(t.reads, r)
	t.addLocs(t.writes, w)
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return
	}
	// Operands in the function's own memory (a slice it made of its
	// parameters, a wrapper returned by a call): all below each port
	// object they reach, found once per operand.
	local := make(map[Loc][]ObjID)
	f.calleePaths(call.Common(), func(arg LocSet, read bool, rel string) {
		to := t.writes
		if read {
			to = t.reads
		}
		for _, l := range arg {
			if port, p, ok := f.composePath(l, rel); ok {
				to[port] = to[port].add(p)
				continue
			}
			if f.objs[l.Obj].Kind == Alloc && !strings.Contains(rel, deepPath) {
				// Memory made here: where the path leads through it.
				t.addLocs(to, f.follow(h, LocSet{l}, rel))
				continue
			}
			reached, done := local[l]
			if !done {
				f.Reach(h, LocSet{l}, func(o *Object) bool { return o.Port != NoPort }).Each(func(o ObjID) {
					if f.objs[o].Port != NoPort {
						reached = append(reached, o)
					}
				})
				local[l] = reached
			}
			for _, o := range reached {
				if op, ok := f.objPath(o); ok {
					if !strings.HasSuffix(op, deepPath) {
						op += deepPath
					}
					to[f.objs[o].Port] = to[f.objs[o].Port].add(op)
				}
			}
		}
	})
}

// composePath returns the path from its port of what a callee's path rel
// names below the place l its operand points to.
func (f *Flow) composePath(l Loc, rel string) (int, string, bool) {
	op, ok := f.objPath(l.Obj)
	if !ok {
		return 0, "", false
	}
	port := f.objs[l.Obj].Port
	if strings.HasSuffix(op, deepPath) {
		return port, op, true // all below a place: l lies in it
	}
	var p string
	if rel == deepPath {
		p = deepPath
		if l.Key != "" {
			p = l.Key + pathSep + deepPath
		}
	} else {
		first, rest, more := strings.Cut(rel, pathSep)
		p = joinKey(l.Key, first)
		if more {
			p += pathSep + rest
		}
	}
	return port, op + p, true
}

// capPaths lists the paths of each port in port order. A port with too
// many keeps them at a coarser grain: each cut after its first few places,
// with all below (first>**), as few as needed; all of its memory
// (deepPath) if even the first places are too many.
func capPaths(m map[int]pathSet) []PortPaths {
	var out []PortPaths
	for port, ps := range m {
		if slices.Contains(ps, deepPath) {
			ps = pathSet{deepPath}
		}
		for n := maxKeyDepth; len(ps) > maxPathsPerPort; n-- {
			if n == 0 {
				ps = pathSet{deepPath}
				break
			}
			ps = truncatePaths(ps, n)
		}
		out = append(out, PortPaths{port, ps})
	}
	slices.SortFunc(out, func(a, b PortPaths) int { return a.Port - b.Port })
	return out
}

// truncatePaths cuts each path after its first n places, keeping all that
// is below the last one kept.
func truncatePaths(ps pathSet, n int) pathSet {
	var out pathSet
	for _, p := range ps {
		segs := strings.Split(p, pathSep)
		if len(segs) > n {
			p = strings.Join(segs[:n], pathSep) + pathSep + deepPath
		}
		out = out.add(p)
	}
	return out
}

// directPlaces returns the places instr itself reads and writes.
func (f *Flow) directPlaces(instr ssa.Instruction) (reads, writes LocSet) {
	switch i := instr.(type) {
	case *ssa.UnOp:
		if i.Op == token.MUL {
			return f.val(i.X), nil
		}
	case *ssa.Store:
		return nil, f.val(i.Addr)
	case *ssa.MapUpdate:
		return nil, elems(f.val(i.Map))
	case *ssa.Lookup:
		if isMap(i.X.Type()) {
			return elems(f.val(i.X)), nil
		}
	case *ssa.Range:
		if isMap(i.X.Type()) {
			return elems(f.val(i.X)), nil
		}
	case ssa.CallInstruction:
		c := i.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok && len(c.Args) > 0 {
			switch b.Name() {
			case "append", "delete", "clear":
				return nil, elems(f.val(c.Args[0]))
			case "copy":
				if len(c.Args) == 2 {
					return elems(f.val(c.Args[1])), elems(f.val(c.Args[0]))
				}
			}
		}
	}
	return nil, nil
}

func isMap(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

// elems returns the element places of what locs point to.
func elems(locs LocSet) LocSet {
	out := make(LocSet, 0, len(locs))
	for _, l := range locs {
		out = append(out, Loc{l.Obj, subKey(l.Key, elemKey)})
	}
	return makeSet(out...)
}

// calleePaths calls visit with each operand of c's summarized callees and
// each path they read (read) or write below it.
func (f *Flow) calleePaths(c *ssa.CallCommon, visit func(arg LocSet, read bool, rel string)) {
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return
	}
	summarized, _ := f.calleeSummaries(c)
	for _, cs := range summarized {
		pv := f.portValues(c, cs.callee)
		for _, read := range []bool{true, false} {
			paths := cs.s.WritePaths
			if read {
				paths = cs.s.ReadPaths
			}
			for _, pp := range paths {
				for _, rel := range pp.Paths {
					visit(pv.at(pp.Port), read, rel)
				}
			}
		}
	}
}

// Places returns the places of the caller's heap h that instr may read and
// write: a load's or a store's own place, and for a call, go or defer, what
// its callees' summaries say they touch below its operands, followed
// through h. A path h does not hold the memory for stops at the last place
// it reaches. ok is false, in the strict reading, when some callee has no
// summary.
func (f *Flow) Places(instr ssa.Instruction, h Heap) (reads, writes LocSet, ok bool) {
	reads, writes = f.directPlaces(instr)
	call, isCall := instr.(ssa.CallInstruction)
	if !isCall {
		return reads, writes, true
	}
	r, w, complete := f.callPlaces(call.Common(), h)
	// By default a callee without a summary touches nothing, as it writes
	// nothing (Result.unseen).
	return union(reads, r), union(writes, w), complete || !f.sv.res.strict
}

// CallPlaces returns the places of h that calling the function value fn
// (a function handed to time.AfterFunc or g.Go) may read and write, as
// Places does for a call instruction; ok is false, in both readings,
// when some callee has no summary.
func (f *Flow) CallPlaces(fn ssa.Value, h Heap) (reads, writes LocSet, ok bool) {
	return f.callPlaces(&ssa.CallCommon{Value: fn}, h)
}

// callPlaces returns the places of h the callees of c may read and write,
// by their summaries, and whether every callee has one.
func (f *Flow) callPlaces(c *ssa.CallCommon, h Heap) (reads, writes LocSet, complete bool) {
	if _, builtin := c.Value.(*ssa.Builtin); builtin {
		return nil, nil, true
	}
	_, complete = f.calleeSummaries(c)
	f.calleePaths(c, func(arg LocSet, read bool, rel string) {
		places := f.follow(h, arg, rel)
		if read {
			reads = mergePlaces(reads, places)
		} else {
			writes = mergePlaces(writes, places)
		}
	})
	return reads, writes, complete
}

// mergePlaces returns the places of s and t, sorted, each once, and only
// "*" for an object somewhere in which a callee touches anything. Unlike
// union it keeps any number of fields of one object apart: a machine's
// loop writes many of its fields, and whether another goroutine's reads
// of the others meet them is what Places is asked (maxKeysPerObject
// bounds the sets of the fixpoint, not these).
func mergePlaces(s, t LocSet) LocSet {
	if len(t) == 0 {
		return s
	}
	if len(s) == 0 {
		return t
	}
	// Both are sorted (makeSet, union and this function return sorted
	// sets): merge them.
	out := make(LocSet, 0, len(s)+len(t))
	anywhere := false
	i, j := 0, 0
	for i < len(s) || j < len(t) {
		var l Loc
		switch {
		case j == len(t) || i < len(s) && locLess(s[i], t[j]):
			l, i = s[i], i+1
		case i == len(s) || locLess(t[j], s[i]):
			l, j = t[j], j+1
		default:
			l, i, j = s[i], i+1, j+1
		}
		if n := len(out); n > 0 && out[n-1] == l {
			continue
		}
		anywhere = anywhere || l.Key == anyKey
		out = append(out, l)
	}
	if !anywhere {
		return out
	}
	objs := make(map[ObjID]bool)
	for _, l := range out {
		if l.Key == anyKey {
			objs[l.Obj] = true
		}
	}
	return slices.DeleteFunc(out, func(l Loc) bool { return objs[l.Obj] && l.Key != anyKey })
}

// follow returns the places of h that path rel names below the places
// from: fields within an object, then what a field points to, and
// everything reachable for deepPath.
func (f *Flow) follow(h Heap, from LocSet, rel string) LocSet {
	if rel == deepPath {
		return f.below(h, from, from)
	}
	cur := from
	segs := strings.Split(rel, pathSep)
	for i, seg := range segs {
		next := make(LocSet, 0, len(cur))
		for _, l := range cur {
			next = append(next, Loc{l.Obj, joinKey(l.Key, seg)})
		}
		cur = makeSet(next...)
		if i == len(segs)-1 {
			break
		}
		var pointees LocSet
		for _, l := range cur {
			pointees = union(pointees, h.read(l))
			if id, ok := f.lazy[l]; ok {
				// What the function loads from there elsewhere.
				pointees = union(pointees, LocSet{{id, ""}})
			}
		}
		if len(pointees) == 0 {
			return cur // memory h does not hold: stop at the place
		}
		if segs[i+1] == deepPath {
			// All below the place: what it points to and all that
			// reaches, not the place itself ("f>**" does not write f).
			return f.below(h, nil, pointees)
		}
		cur = pointees
	}
	return cur
}

// below returns the places at, and everywhere in all that is reachable
// from, pointees, with the places at.
func (f *Flow) below(h Heap, at, pointees LocSet) LocSet {
	var out LocSet
	f.Reach(h, pointees, nil).Each(func(o ObjID) { out = append(out, Loc{o, anyKey}) })
	return union(at, makeSet(out...))
}

// joinKey extends a place's key within an object by a field path.
func joinKey(key, seg string) string {
	switch {
	case key == "":
		return seg
	case seg == "":
		return key
	case key == anyKey || seg == anyKey:
		return anyKey
	}
	return key + "." + seg
}

// PlacesMeet reports whether some place of a and some place of b may
// overlap: the same object, at related field paths.
func PlacesMeet(a, b LocSet) bool {
	for _, la := range a {
		for _, lb := range b {
			if la.Obj == lb.Obj && related(la.Key, lb.Key) {
				return true
			}
		}
	}
	return false
}
