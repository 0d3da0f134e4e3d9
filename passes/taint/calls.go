// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A callee is one function a call may reach, with the values bound to its
// free variables when it is a closure.
type callee struct {
	fn       *ssa.Function
	bindings []ssa.Value
}

// call applies the effect of a call on h and returns what its results may
// point to.
func (f *Flow) call(c *ssa.CallCommon, instr ssa.CallInstruction, h Heap) LocSet {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		return f.builtin(b, c.Args, instr, h)
	}
	if v := instr.Value(); v != nil && f.sv.receives(c) {
		// A message the framework delivers is the handler's own, as a
		// value received from a channel is: not reachable from the
		// context it came through.
		if !f.sv.tracked(v.Type()) {
			return nil
		}
		return LocSet{{f.resultSite(instr, Received, v.Type(), "received message"), ""}}
	}
	if copied, ok := f.shallowCopy(c, instr, h); ok {
		return copied
	}
	var result LocSet
	if v := instr.Value(); v != nil && f.sv.tracked(v.Type()) {
		result = LocSet{{f.resultSite(instr, CallResult, v.Type(), "result of call"), ""}}
	}
	// A result of a type that is immutable by convention (an error, a
	// context) is its own memory: what it may share with the operands is
	// never transferred, so it need not carry their locations.
	opaqueResult := instr.Value() != nil && f.Exempt(instr.Value().Type())
	own := result
	summarized, complete := f.calleeSummaries(c)
	for _, cs := range summarized {
		f.used[cs.fn] = true
		result = union(result, f.apply(cs.s, cs.fn, f.portValues(c, cs.callee), own, instr, h))
	}
	if !complete && f.sv.res.strict {
		// By default an unknown callee links nothing: its results are
		// its own memory (see Result.unseen).
		result = union(result, f.conservative(c, instr, result, h))
	}
	if opaqueResult {
		return own
	}
	return result
}

// madeHere reports whether o is memory the function makes on each call:
// not memory a port refers to, nor a stand-in for other objects.
func (f *Flow) madeHere(o ObjID) bool {
	obj := f.objs[o]
	return obj.Port == NoPort && obj.Kind != Lazy && !obj.linker
}

// A calleeSummary is a callee of a call with its summary.
type calleeSummary struct {
	callee
	s *Summary
}

// calleeSummaries returns the callees of c that have a summary, with it,
// and whether every callee of c has one.
func (f *Flow) calleeSummaries(c *ssa.CallCommon) ([]calleeSummary, bool) {
	if m, ok := f.callees[c]; ok {
		return m.summarized, m.complete
	}
	out, complete := f.resolveCallees(c)
	if f.callees != nil {
		f.callees[c] = calleesMemo{out, complete}
	}
	return out, complete
}

func (f *Flow) resolveCallees(c *ssa.CallCommon) ([]calleeSummary, bool) {
	callees, complete := f.sv.callees(c)
	out := make([]calleeSummary, 0, len(callees))
	for _, ce := range callees {
		s := f.sv.summaryFor(ce.fn)
		if s == nil {
			complete = false
			continue
		}
		if recv := ce.fn.Signature.Recv(); recv != nil && f.sv.safeReceiver(recv.Type()) {
			s = f.sv.withoutReceiver(s)
		}
		out = append(out, calleeSummary{ce, s})
	}
	return out, complete
}

// portLocs maps a callee's ports to the caller's locations, port p at
// index p+1 (GlobalPort first); a slice, since a map per call was a tenth
// of what the analysis allocated.
type portLocs []LocSet

// at returns the locations of port p, or nil.
func (pv portLocs) at(p int) LocSet {
	if i := p + 1; i >= 0 && i < len(pv) {
		return pv[i]
	}
	return nil
}

// portValues maps the callee's ports to the caller's locations.
func (f *Flow) portValues(c *ssa.CallCommon, ce callee) portLocs {
	var args []ssa.Value
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, c.Args...)
	} else {
		args = c.Args
	}
	nparams := len(ce.fn.Params)
	if nparams == 0 && ce.fn.Signature != nil {
		nparams = ce.fn.Signature.Params().Len()
		if ce.fn.Signature.Recv() != nil {
			nparams++
		}
	}
	pv := make(portLocs, 1+max(len(args), nparams+len(ce.bindings)))
	pv[0] = f.globalLocs
	for i, a := range args {
		pv[1+i] = f.val(a)
	}
	for k, b := range ce.bindings {
		pv[1+nparams+k] = f.val(b)
	}
	return pv
}

// apply adds a summary's links to h and returns what the results may
// point to besides own, the call's own result object. A callee returning
// new memory (Summary.NewResults) returns own, which reaches the ports of
// Returns. fn is the callee.
func (f *Flow) apply(s *Summary, fn *ssa.Function, pv portLocs, own LocSet, instr ssa.Instruction, h Heap) LocSet {
	for k, l := range s.Links {
		from, to := pv.at(l[0]), weak(pv.at(l[1]))
		if len(to) == 0 || len(from) == 0 {
			continue
		}
		if len(from)*len(to) > 8 {
			to = f.merge(instr, k, to, h)
		}
		for _, o := range f.linkPlaces(s.linkPaths(l), fn, l[0], from, h) {
			if f.holdsRefs(o.Obj) && !f.immutableObject(o.Obj) {
				h.write(o, to, false)
			}
		}
	}
	var out LocSet
	for _, p := range s.Returns {
		out = union(out, f.returned(s, fn, p, pv.at(p), h))
	}
	if s.NewResults && len(own) == 1 && f.holdsRefs(own[0].Obj) {
		if len(out) > 0 {
			h.write(Loc{own[0].Obj, anyKey}, out, false)
		}
		return nil
	}
	return out
}

// returned returns what a call's results may reach of the memory of the
// callee's port p, which the caller's locations locs point to: the
// objects of h at the summary's paths below them (Summary.ReturnPaths),
// loaded as the callee loaded them, or the operand's own objects when the
// summary returns the port whole or a path cannot be followed by the
// port's type.
func (f *Flow) returned(s *Summary, fn *ssa.Function, p int, locs LocSet, h Heap) LocSet {
	paths := s.returnPaths(p)
	t := portType(fn, p)
	if paths == nil || t == nil || len(locs) == 0 {
		return weak(locs)
	}
	var out LocSet
	for _, path := range paths {
		at, ok := f.resolve(h, locs, t, path)
		if !ok {
			return weak(locs)
		}
		out = union(out, at)
	}
	return weak(out)
}

// linkPlaces returns the places of h where a call links memory of
// another port below the memory of the callee's port p, which the
// caller's locations from point to: the places of the summary's paths
// (Summary.LinkPaths), or, without paths or when one cannot be followed
// by the port's type, anywhere in the objects from point to. A place of
// memory that existed on entry is first given what it held then, so that
// the link adds to that rather than hiding it.
func (f *Flow) linkPlaces(paths []string, fn *ssa.Function, p int, from LocSet, h Heap) LocSet {
	whole := weak(from)
	t := portType(fn, p)
	if paths == nil || t == nil {
		return whole
	}
	var out LocSet
	for _, path := range paths {
		prefix, last := "", path
		if i := strings.LastIndex(path, pathSep); i >= 0 {
			prefix, last = path[:i+len(pathSep)], path[i+len(pathSep):]
		}
		holders, ht := from, t
		if prefix != "" {
			var ok bool
			if holders, ok = f.resolve(h, from, t, prefix); !ok {
				return whole
			}
			ht = pathType(t, prefix)
		}
		vt := segType(pointee(ht), last)
		if ht == nil || vt == nil {
			return whole
		}
		for _, l := range holders {
			place := Loc{l.Obj, joinKey(l.Key, last)}
			if f.objs[l.Obj].Port != NoPort && !h.hasCover(place.Obj, place.Key) {
				f.materialize(h, place, vt)
			}
			out = union(out, LocSet{place})
		}
	}
	return out
}

// pathType returns the type of the values at the end of path (objects'
// paths, each place ending in pathSep) below a value of type t, or nil.
func pathType(t types.Type, path string) types.Type {
	for _, seg := range strings.Split(strings.TrimSuffix(path, pathSep), pathSep) {
		if t = segType(pointee(t), seg); t == nil {
			return nil
		}
	}
	return t
}

// resolve returns the objects of h that path names below the objects
// locs point to, values of type t. Where h cannot say what a place holds
// (a location somewhere unknown in its object, such as what a summary
// returned: the place below it would be any of the object's, and what
// a link stored anywhere in it would pass for it; memory received or
// returned by a call, whose contents the function does not see; a place
// of memory made here that holds nothing) the object holding the place
// stands for it, as a summary without paths has it. ok is false when the
// path does not fit t.
func (f *Flow) resolve(h Heap, locs LocSet, t types.Type, path string) (LocSet, bool) {
	var out LocSet
	cur := locs
	for _, seg := range strings.Split(strings.TrimSuffix(path, pathSep), pathSep) {
		vt := segType(pointee(t), seg)
		if vt == nil || !f.sv.tracked(vt) {
			return nil, false
		}
		var next LocSet
		for _, l := range cur {
			obj := &f.objs[l.Obj]
			if l.Key == anyKey || obj.Port == NoPort && (obj.Kind != Alloc || obj.linker) {
				out = union(out, LocSet{{l.Obj, anyKey}})
				continue
			}
			got := f.load(h, LocSet{{l.Obj, joinKey(l.Key, seg)}}, vt)
			if len(got) == 0 && obj.Port == NoPort {
				out = union(out, LocSet{{l.Obj, anyKey}})
				continue
			}
			next = union(next, got)
		}
		cur, t = next, vt
	}
	return union(out, cur), true
}

// segType returns the type of the value at the place seg (a field path
// within one object: "id", "hdr.buf", "[]") of memory of type t, or nil
// if seg does not fit t.
func segType(t types.Type, seg string) types.Type {
	for _, part := range strings.Split(seg, ".") {
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Struct:
			var ft types.Type
			for i := range u.NumFields() {
				if fieldName(u, i) == part {
					ft = u.Field(i).Type()
				}
			}
			if ft == nil {
				return nil
			}
			t = ft
		case *types.Slice:
			if part != elemKey {
				return nil
			}
			t = u.Elem()
		case *types.Array:
			if part != elemKey {
				return nil
			}
			t = u.Elem()
		case *types.Map:
			// A map's entries hold its values, or its keys when only
			// they hold references (solver.entryType).
			if part != elemKey {
				return nil
			}
			t = u.Elem()
			if !tracked(t, make(map[types.Type]bool)) {
				t = u.Key()
			}
		default:
			return nil
		}
	}
	return t
}

// portType returns the type of fn's port p: a parameter (the receiver
// first) or a free variable; nil for the package-level variables.
func portType(fn *ssa.Function, p int) types.Type {
	if p < 0 {
		return nil
	}
	if len(fn.Params) > 0 || len(fn.Blocks) > 0 {
		switch {
		case p < len(fn.Params):
			return fn.Params[p].Type()
		case p-len(fn.Params) < len(fn.FreeVars):
			return fn.FreeVars[p-len(fn.Params)].Type()
		}
		return nil
	}
	sig := fn.Signature
	if recv := sig.Recv(); recv != nil {
		if p == 0 {
			return recv.Type()
		}
		p--
	}
	if p < sig.Params().Len() {
		return sig.Params().At(p).Type()
	}
	return nil
}

// merge returns a location standing for all of locs: an object of the
// call site that points to each of them. Linking through it keeps the
// heap linear in the number of operands.
func (f *Flow) merge(instr ssa.Instruction, k int, locs LocSet, h Heap) LocSet {
	key := mergeKey{instr, k}
	id, ok := f.merges[key]
	if !ok {
		id = f.newObject(Object{Kind: Alloc, Port: NoPort, Name: "memory linked by a call", Site: instr, linker: true})
		f.merges[key] = id
	}
	h.write(Loc{id, anyKey}, locs, false)
	return LocSet{{id, anyKey}}
}

type mergeKey struct {
	instr ssa.Instruction
	k     int
}

// conservative applies the rule for a callee without a summary: afterwards
// everything reachable from its operands and results may overlap.
func (f *Flow) conservative(c *ssa.CallCommon, instr ssa.Instruction, result LocSet, h Heap) LocSet {
	all := weak(result)
	if _, static := c.Value.(*ssa.Function); !static && !f.Exempt(c.Value.Type()) {
		all = union(all, weak(f.val(c.Value)))
	}
	for _, a := range c.Args {
		if !f.Exempt(a.Type()) {
			all = union(all, weak(f.val(a)))
		}
	}
	if len(all) < 2 {
		return all
	}
	m := f.merge(instr, -1, all, h)
	for _, l := range all {
		if f.holdsRefs(l.Obj) && !f.immutableObject(l.Obj) {
			h.write(l, m, false)
		}
	}
	return union(all, m)
}

// builtin applies the built-in functions that move references.
func (f *Flow) builtin(b *ssa.Builtin, args []ssa.Value, instr ssa.CallInstruction, h Heap) LocSet {
	switch b.Name() {
	case "append":
		if len(args) < 2 {
			return f.val(args[0])
		}
		fresh := f.site(instr, Alloc, instr.Value().Type(), "append result")
		base := f.val(args[0])
		if ssaops.ZeroCap(args[0]) {
			base = nil // append(s[:0:0], ...) copies into a new array
		}
		res := union(base, LocSet{{fresh, ""}})
		elem := elemType(args[0].Type())
		if elem == nil || !f.sv.tracked(elem) {
			return res
		}
		elems := f.load(h, rekey(base, elemKey), elem)
		if elemType(args[1].Type()) != nil {
			elems = union(elems, f.load(h, rekey(f.val(args[1]), elemKey), elem))
		}
		for _, r := range rekey(res, elemKey) {
			h.write(r, elems, false)
		}
		return res
	case "copy":
		elem := elemType(args[1].Type())
		if elem == nil || !f.sv.tracked(elem) {
			return nil
		}
		elems := f.load(h, rekey(f.val(args[1]), elemKey), elem)
		for _, d := range rekey(f.val(args[0]), elemKey) {
			h.write(d, elems, false)
		}
	case "recover":
		return LocSet{{f.site(instr, CallResult, nil, "recovered value"), ""}}
	case "ssa:wrapnilchk":
		return f.val(args[0])
	}
	return nil
}

// resultType is the type of the memory a call returns. One object stands
// for all its results, so with several results it is untyped, and so
// never exempt, unless every result is memory that is never transferred
// (Exempt): then the object is typed by the one result that is neither an
// interface nor free of pointers. conn, err := upgrader.Upgrade(…)
// returns a *Conn that synchronises itself beside its error, and the
// object, shared as its type is (Object.Shared), is never transferred
// either; so with ctx, cancel := WithCancel(…), typed by the CancelFunc.
// Typing it by a result that may be transferred would judge it by what
// the program writes of that type anywhere, evidence weaker than the
// object's own.
func (f *Flow) resultType(t types.Type) types.Type {
	tup, ok := t.(*types.Tuple)
	if !ok {
		return pointee(t)
	}
	if tup.Len() == 1 {
		return pointee(tup.At(0).Type())
	}
	var typed types.Type
	for i := range tup.Len() {
		r := tup.At(i).Type()
		switch {
		case !f.Exempt(r):
			return nil
		case types.IsInterface(r) || ssaops.PointerFree(r):
		case typed != nil:
			return nil
		default:
			typed = r
		}
	}
	if typed == nil {
		return nil
	}
	return pointee(typed)
}

// resultSite returns the object of the memory the call instr returns,
// typed by resultType the first time only: the solver steps a call again
// on every pass over its block.
func (f *Flow) resultSite(instr ssa.Instruction, kind ObjKind, t types.Type, name string) ObjID {
	if id, ok := f.sites[instr]; ok {
		return id
	}
	return f.site(instr, kind, f.resultType(t), name)
}

// callees resolves a call to the functions it may reach, and reports
// whether that list is complete. Static calls and calls of closures and
// function values made in the same function are resolved; an interface
// call resolves to the method of its value's concrete type when the
// analysis can name that type (concrete.go), and otherwise is complete
// only when the interface has an unexported method, so that every
// implementation lives in this package.
func (sv *solver) callees(c *ssa.CallCommon) ([]callee, bool) {
	if c.IsInvoke() {
		if fn := sv.concreteCallee(c); fn != nil {
			return []callee{{fn: fn}}, true
		}
		return sv.implementations(c.Method)
	}
	return resolveFunc(c.Value, 0)
}

func resolveFunc(v ssa.Value, depth int) ([]callee, bool) {
	if fn, bindings := ssaops.FuncValue(v); fn != nil {
		return []callee{{fn: fn, bindings: bindings}}, true
	}
	// A function chosen on several paths is a phi, possibly converted:
	// resolve it edge by edge.
	var phi *ssa.Phi
	ssaops.Forward(v, 8, func(v ssa.Value) bool {
		phi, _ = v.(*ssa.Phi)
		return phi == nil
	})
	if phi == nil || depth > 3 {
		return nil, false
	}
	var out []callee
	complete := true
	for _, e := range phi.Edges {
		if c, ok := e.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		cs, ok := resolveFunc(e, depth+1)
		out = append(out, cs...)
		complete = complete && ok
	}
	return out, complete
}

// implementations returns the methods an interface call may reach when
// its interface is closed (it has an unexported method, so only this
// package can implement it).
func (sv *solver) implementations(m *types.Func) ([]callee, bool) {
	r := sv.res
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil, false
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if iface == nil || !closedInterface(iface, r.pkg) {
		return nil, false
	}
	if cs, ok := sv.impls[m]; ok {
		return cs, true
	}
	var out []callee
	scope := r.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue
		}
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(t, iface) {
				continue
			}
			if sel := r.prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name()); sel != nil {
				if fn := r.prog.MethodValue(sel); fn != nil {
					out = append(out, callee{fn: fn})
				}
			}
			break
		}
	}
	sv.impls[m] = out
	return out, true
}

func closedInterface(iface *types.Interface, pkg *types.Package) bool {
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if !m.Exported() && m.Pkg() == pkg {
			return true
		}
	}
	return false
}

// A Callee is a function a call may reach, with the values bound to its
// free variables when the call goes through a closure made in the caller.
type Callee struct {
	Fn       *ssa.Function
	Bindings []ssa.Value
}

// Callees resolves a call as the analysis does, and reports whether the
// list is complete.
func (c *Flows) Callees(call *ssa.CallCommon) ([]Callee, bool) {
	cs, ok := c.sv.callees(call)
	out := make([]Callee, len(cs))
	for i, ce := range cs {
		out[i] = Callee{ce.fn, ce.bindings}
	}
	return out, ok
}

// Sees reports whether the analysis sees into some callee of call: it
// resolves to a function with a summary. A call it does not see gets the
// rule of the reading in force (see Result.unseen).
func (c *Flows) Sees(call *ssa.CallCommon) bool {
	cs, _ := c.sv.callees(call)
	for _, ce := range cs {
		if c.sv.summaryFor(ce.fn) != nil {
			return true
		}
	}
	return false
}

// elemType returns the element type of a slice, or nil for a string.
func elemType(t types.Type) types.Type {
	// A generic function's slice is of a type parameter (S ~[]E): its
	// core type says what its elements are.
	if s, ok := ssaops.CoreType(t).(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// holdsRefs reports whether object o's memory can hold references: a
// callee cannot make an int, or the bytes of a []byte, point anywhere.
func (f *Flow) holdsRefs(o ObjID) bool {
	t := f.objs[o].Type
	if t == nil {
		return true
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice:
		return f.sv.tracked(u.Elem())
	case *types.Array:
		return f.sv.tracked(u.Elem())
	case *types.Map:
		return f.sv.tracked(u.Key()) || f.sv.tracked(u.Elem())
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		return f.sv.tracked(u)
	}
	return true
}

// immutableObject reports whether, in the strict reading, o is memory of
// a concrete type that is immutable by convention (model.IsImmutable: a
// time.Time, an actor framework's PID): no callee makes it point to other
// memory, since that would mutate it, so a summary's link is not stored
// into it. An object of unknown type, or of an interface type whose
// dynamic value may be anything, is not.
func (f *Flow) immutableObject(o ObjID) bool {
	t := f.objs[o].Type
	return f.sv.res.strict && t != nil && !types.IsInterface(t) && model.IsImmutable(t)
}
