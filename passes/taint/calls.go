// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

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
		return LocSet{{f.site(instr, Received, resultType(v.Type()), "received message"), ""}}
	}
	if copied, ok := f.shallowCopy(c, instr, h); ok {
		return copied
	}
	var result LocSet
	if v := instr.Value(); v != nil && f.sv.tracked(v.Type()) {
		result = LocSet{{f.site(instr, CallResult, resultType(v.Type()), "result of call"), ""}}
	}
	// A result of a type that is immutable by convention (an error, a
	// context) is its own memory: what it may share with the operands is
	// never transferred, so it need not carry their locations.
	opaqueResult := instr.Value() != nil && f.Exempt(instr.Value().Type())
	own := result
	summarized, complete := f.calleeSummaries(c)
	for _, cs := range summarized {
		f.used[cs.fn] = true
		result = union(result, f.apply(cs.s, f.portValues(c, cs.callee), own, instr, h))
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
// Returns.
func (f *Flow) apply(s *Summary, pv portLocs, own LocSet, instr ssa.Instruction, h Heap) LocSet {
	for k, l := range s.Links {
		from, to := pv.at(l[0]), weak(pv.at(l[1]))
		if len(to) == 0 || len(from) == 0 {
			continue
		}
		if len(from)*len(to) > 8 {
			to = f.merge(instr, k, to, h)
		}
		for _, o := range from {
			if f.holdsRefs(o.Obj) {
				h.write(Loc{o.Obj, anyKey}, to, false)
			}
		}
	}
	var out LocSet
	for _, p := range s.Returns {
		out = union(out, weak(pv.at(p)))
	}
	if s.NewResults && len(own) == 1 && f.holdsRefs(own[0].Obj) {
		if len(out) > 0 {
			h.write(Loc{own[0].Obj, anyKey}, out, false)
		}
		return nil
	}
	return out
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
		if f.holdsRefs(l.Obj) {
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

// resultType is the type of the memory a call returns: one object stands
// for all its results, so with several results of different types it is
// unknown (and so never exempt: ctx, cancel := WithCancel(...) must not
// hide cancel behind the context).
func resultType(t types.Type) types.Type {
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 1 {
			return pointee(tup.At(0).Type())
		}
		return nil
	}
	return pointee(t)
}

// callees resolves a call to the functions it may reach, and reports
// whether that list is complete. Static calls and calls of closures and
// function values made in the same function are resolved; an interface
// call is complete only when the interface has an unexported method, so
// that every implementation lives in this package.
func (sv *solver) callees(c *ssa.CallCommon) ([]callee, bool) {
	if c.IsInvoke() {
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
	if s, ok := types.Unalias(t).Underlying().(*types.Slice); ok {
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
