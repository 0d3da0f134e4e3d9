// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// The receiving side of a channel send is found in the package, by where
// the program keeps the channel: a send on s.out and a receive from s.out
// (the same field of the same named type) meet, and so do a send and a
// receive on one package-level variable, or on the channel one make
// created and handed to both sides (as a captured variable or as an
// argument of every call of the receiving function). What those receivers
// write of what they receive is the evidence that reading the sent value
// after the send races: the default reading reports a read only when a
// receiver is seen writing (see Result.OtherSideWrites).

// A chanKey names a channel by where the program keeps it.
type chanKey string

// maxChanDepth bounds the walk from a channel value back to where it is
// kept, through captured variables and parameters.
const maxChanDepth = 4

// receivers indexes the receiving sides of the package's channels.
type receivers struct {
	// seen holds the channels with a receiver in the package, and
	// writing those some receiver of which writes memory reachable from a
	// value it received. Both also hold, under elemKey, every channel of
	// an element type: a send whose channel cannot be traced to where it
	// is kept, or whose receivers are elsewhere, meets the receivers of
	// its element type.
	seen    map[chanKey]bool
	writing map[chanKey]writtenTypes
	// callers lists the static call sites of each function of the
	// package, to resolve a channel that arrives as a parameter.
	callers map[*ssa.Function][]*ssa.CallCommon
}

// findReceivers builds the index over funcs, with flows for the heap.
func findReceivers(funcs []*ssa.Function, flows *taint.Flows) *receivers {
	rs := &receivers{seen: make(map[chanKey]bool), writing: make(map[chanKey]writtenTypes), callers: make(map[*ssa.Function][]*ssa.CallCommon)}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					c := call.Common()
					if callee, _ := ssaops.FuncValue(c.Value); callee != nil && !c.IsInvoke() {
						rs.callers[callee] = append(rs.callers[callee], c)
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		recvs := receivesOf(fn)
		if len(recvs) == 0 {
			continue
		}
		fl := flows.Flow(fn)
		for _, recv := range recvs {
			keys := append(rs.keys(recv.ch, maxChanDepth), elemKey(recv.ch.Type()))
			for _, key := range keys {
				rs.seen[key] = true
			}
			if recv.val == nil || !slices.ContainsFunc(keys, func(k chanKey) bool { return !rs.writing[k].any }) {
				continue // every channel is known to have a receiver writing memory of any type
			}
			if types := writesReceived(fl, recv.val); !types.empty() {
				for _, key := range keys {
					rs.writing[key] = rs.writing[key].union(types)
				}
			}
		}
	}
	return rs
}

// selectValue returns the component index of sel's tuple, or nil if the
// program does not extract it.
func selectValue(sel *ssa.Select, index int) ssa.Value {
	for _, r := range *sel.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == index {
			return e
		}
	}
	return nil
}

// receivesSeen reports whether the package is seen receiving from the
// channel ch: by the field, variable or make that holds it, or else by
// its element type, as sendWrites finds its receivers.
func (rs *receivers) receivesSeen(ch ssa.Value) bool {
	if rs == nil {
		return false
	}
	keys := append(rs.keys(ch, maxChanDepth), elemKey(ch.Type()))
	return slices.ContainsFunc(keys, func(k chanKey) bool { return rs.seen[k] })
}

// sendWrites returns the types of the memory the receivers of the
// channel ch are seen writing of what they receive.
func (rs *receivers) sendWrites(ch ssa.Value) writtenTypes {
	if rs == nil {
		return writtenTypes{}
	}
	keys := rs.keys(ch, maxChanDepth)
	if !slices.ContainsFunc(keys, func(k chanKey) bool { return rs.seen[k] }) {
		keys = []chanKey{elemKey(ch.Type())}
	}
	var w writtenTypes
	for _, k := range keys {
		w = w.union(rs.writing[k])
	}
	return w
}

// elemKey names every channel whose elements are of the type of t's.
func elemKey(t types.Type) chanKey {
	if c, ok := ssaops.CoreType(t).(*types.Chan); ok {
		t = c.Elem()
	}
	return chanKey("elem " + types.TypeString(t, nil))
}

// writesReceived returns the types of the memory reachable from the
// received value v that fn, whose flow is fl, writes after receiving it.
func writesReceived(fl *taint.Flow, v ssa.Value) writtenTypes {
	var out writtenTypes
	locs := fl.Locs(v)
	if len(locs) == 0 {
		return out
	}
	guarded := fl.Guarded()
	for _, b := range fl.Fn.Blocks {
		fl.Walk(b, func(instr ssa.Instruction, h taint.Heap) bool {
			if guarded[instr] {
				return true // a write under a lock is lockset's question
			}
			switch instr.(type) {
			case *ssa.Store, *ssa.MapUpdate, ssa.CallInstruction:
			default:
				return true
			}
			// A store to a field writes that field of its struct, not
			// the struct's other fields.
			var strct types.Type
			var field *types.Var
			if st, ok := instr.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
					strct, field = derefType(fa.X.Type()), ssaops.FieldVar(fa)
				}
			}
			written := func(t types.Type) {
				if field != nil && t != nil && types.Identical(t, strct) {
					out = out.withField(t, field.Name(), field.Type())
				} else {
					out = out.with(t)
				}
			}
			if target, t := writtenPlace(instr); target != nil && ssaops.PathFrom(target, v) {
				// The heap may not hold what the received value
				// reaches by loads (e.Lines' array): the access path
				// says what is written.
				written(t)
			}
			w := fl.Writes(instr, h)
			if len(w) == 0 {
				return !out.any
			}
			reach := fl.Reach(h, locs, Opaque)
			// A call writes the fields its callees' summaries say it
			// writes: w.resp.Parse(r) writes the response a request
			// holds inline, not the request's other fields.
			var byField, whole taint.ObjSet
			if _, places, ok := fl.Places(instr, h); ok && field == nil {
				for _, l := range places {
					if !reach.Has(l.Obj) {
						continue
					}
					t := fl.Object(l.Obj).Type
					if f := placeField(t, l.Key); f != nil {
						out = out.withField(t, f.Name(), f.Type())
						byField.Add(l.Obj)
					} else {
						whole.Add(l.Obj)
					}
				}
			}
			w.Each(func(o taint.ObjID) {
				if reach.Has(o) && (!byField.Has(o) || whole.Has(o)) {
					written(fl.Object(o).Type)
				}
			})
			return !out.any
		})
		if out.any {
			break
		}
	}
	return out
}

// placeField returns the field of struct type t that a place key such as
// "resp.body" lies in, or nil if the key names no field of t: the whole
// object, its elements, or somewhere unknown.
func placeField(t types.Type, key string) *types.Var {
	if t == nil || key == "" {
		return nil
	}
	name, _, _ := strings.Cut(key, ".")
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == name && name != "_" {
			return f
		}
	}
	return nil
}

// writtenPlace returns the value whose memory instr writes in place, and
// the type of that memory as the heap analysis types its objects: the
// struct of a field, the slice or map of an element.
func writtenPlace(instr ssa.Instruction) (ssa.Value, types.Type) {
	switch i := instr.(type) {
	case *ssa.Store:
		switch a := i.Addr.(type) {
		case *ssa.FieldAddr:
			return a.X, derefType(a.X.Type())
		case *ssa.IndexAddr:
			if _, ok := a.X.Type().Underlying().(*types.Pointer); ok {
				return a.X, derefType(a.X.Type())
			}
			return a.X, a.X.Type()
		}
		return i.Addr, derefType(i.Addr.Type())
	case *ssa.MapUpdate:
		return i.Map, i.Map.Type()
	case ssa.CallInstruction:
		c := i.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok && len(c.Args) > 0 {
			switch b.Name() {
			case "append", "copy", "clear", "delete":
				return c.Args[0], c.Args[0].Type()
			}
		}
	}
	return nil, nil
}

// keys names the channel v by where it is kept, following captured
// variables to their binding and parameters to every call site in the
// package, at most depth steps. It returns nil when it cannot tell.
func (rs *receivers) keys(v ssa.Value, depth int) []chanKey {
	if depth < 0 {
		return nil
	}
	ssaops.Forward(v, maxChanDepth*2, func(x ssa.Value) bool { v = x; return true })
	switch v := v.(type) {
	case *ssa.MakeChan:
		return []chanKey{posKey("make", v.Parent(), v.Pos())}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return rs.varKeys(v.X, depth)
		}
	case *ssa.Field:
		if k, ok := fieldKey(v.X.Type(), v.Field); ok {
			return []chanKey{k}
		}
	case *ssa.FreeVar:
		return rs.freeVarKeys(v, depth, rs.keys)
	case *ssa.Parameter:
		return rs.paramKeys(v, depth, rs.keys)
	}
	return nil
}

// varKeys names the variable at addr whose value is the channel: a field,
// a package-level variable, or a local variable captured by reference.
func (rs *receivers) varKeys(addr ssa.Value, depth int) []chanKey {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if k, ok := fieldKey(a.X.Type(), a.Field); ok {
			return []chanKey{k}
		}
	case *ssa.Global:
		return []chanKey{chanKey("var " + a.RelString(nil))}
	case *ssa.Alloc:
		return []chanKey{posKey("local", a.Parent(), a.Pos())}
	case *ssa.FreeVar:
		return rs.freeVarKeys(a, depth, rs.varKeys)
	case *ssa.Parameter:
		return rs.paramKeys(a, depth, rs.varKeys)
	}
	return nil
}

// freeVarKeys resolves a captured variable through the bindings of the
// closures made of its function.
func (rs *receivers) freeVarKeys(fv *ssa.FreeVar, depth int, next func(ssa.Value, int) []chanKey) []chanKey {
	fn := fv.Parent()
	idx := slices.Index(fn.FreeVars, fv)
	if fn.Parent() == nil || idx < 0 {
		return nil
	}
	var out []chanKey
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				out = append(out, next(mc.Bindings[idx], depth-1)...)
			}
		}
	}
	return out
}

// paramKeys resolves a parameter through the arguments of every static
// call of its function in the package; an exported function, which other
// packages may call, is resolved only as far as this package shows.
func (rs *receivers) paramKeys(p *ssa.Parameter, depth int, next func(ssa.Value, int) []chanKey) []chanKey {
	fn := p.Parent()
	idx := slices.Index(fn.Params, p)
	if idx < 0 {
		return nil
	}
	var out []chanKey
	for _, c := range rs.callers[fn] {
		// A static call lists a method's receiver first, as Params does.
		if idx < len(c.Args) {
			out = append(out, next(c.Args[idx], depth-1)...)
		}
	}
	return out
}

// fieldKey names field i of the struct t points to (or is) by its named
// type, so that the same field of any instance is one channel.
func fieldKey(t types.Type, i int) (chanKey, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		t = n.Origin()
	}
	name, ok := ssaops.FieldName(t, i)
	if !ok {
		return "", false
	}
	return chanKey("field " + types.TypeString(t, nil) + "." + name), true
}

// posKey names a channel made, or a variable declared, at pos in fn.
func posKey(kind string, fn *ssa.Function, pos token.Pos) chanKey {
	return chanKey(kind + " " + fn.String() + "@" + strconv.Itoa(int(pos)))
}
