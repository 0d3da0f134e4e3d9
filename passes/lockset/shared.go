// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file infers shared reference fields: a pointer, slice or map field
// of a struct type in which two instances of the type may hold the same
// object. The memory such a field points to is not the instance's own:
// l.stats.Applied, for learners that were all given one *Stats, is one
// location, whichever learner names it. Paths through a shared field are
// rooted at the field ("s:" roots, see paths.go), so that the instances of
// a goroutine started in a loop, and the handlers of several actors of one
// type, are compared on it.
//
// The evidence is a store into the field of a value that some other
// instance or holder has too (evidence-based: what the analysis cannot
// see does not make a field shared):
//
//   - a value defined before a loop, stored into an object the loop
//     allocates, directly (&Client{stats: stats} in the loop) or through
//     a function the loop calls (newWorker(stats));
//   - a value loaded from another object's field or a package-level
//     variable (&Node{stats: m.stats}): that holder keeps it too;
//   - a parameter, when a call of the function in the package passes such
//     a value (followed through a few calls and closures).
//
// Fresh values (composite literals, make, a call's result, constants)
// are an instance's own.

// maxShareDepth bounds how far a stored parameter is followed back
// through its callers.
const maxShareDepth = 3

// inferShared records the package's shared reference fields in c.shared,
// from every store into a field in funcs.
func (c *checker) inferShared(funcs []*ssa.Function) {
	c.shared = make(map[string]bool)
	c.sharedTypes = make(map[string]string)
	c.instanceTypes, c.instanceBodies = instanceTypes(funcs, c.handlers, c.model)
	c.callIndex(funcs)
	c.closureIndex(funcs)
	s := &sharer{c: c}
	// What is reached through a shared field is shared too (s.state =
	// m.Snapshot.State): a few rounds let one field's sharing reach the
	// fields stored from it.
	for range maxShareRounds {
		if !s.round(funcs) {
			break
		}
	}
}

// maxShareRounds bounds the rounds of inferShared.
const maxShareRounds = 3

// round judges the stores and sends of funcs once, and reports whether it
// found a new shared field.
func (s *sharer) round(funcs []*ssa.Function) bool {
	grew := false
	mark := func(key string) {
		s.c.shared[key] = true
		grew = true
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if send, ok := instr.(*ssa.Send); ok {
					s.target = nil
					if key := chanFieldKey(send.Chan); key != "" && !s.c.shared[key+recvSuffix] && s.broadcastAt(send.X, send, 0) {
						mark(key + recvSuffix)
					}
					continue
				}
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				key := fieldKey(fa)
				if key == "" || s.c.shared[key] || !referenceType(st.Val.Type()) {
					continue
				}
				s.target = fa.X
				if s.sharedAt(st.Val, st, s.perIterationObject(fa.X, st), 0) {
					mark(key)
					if n := pointedNamed(st.Val.Type()); n != nil {
						s.c.sharedTypes["s:"+key+"|"] = "t:" + typeKey(n) + "|"
					}
				}
			}
		}
	}
	return grew
}

// sharedRoot returns the root naming the memory that the pointer, slice or
// map loaded by v points to, if v loads a shared field; "" otherwise.
func (c *checker) sharedRoot(v *ssa.UnOp) string {
	fa, ok := v.X.(*ssa.FieldAddr)
	if !ok || v.Op != token.MUL {
		return ""
	}
	if key := fieldKey(fa); key != "" && c.shared[key] && c.instanceTypes[holderType(fa)] {
		return "s:" + key + "|"
	}
	return ""
}

// holderType returns the named type whose field fa addresses, or nil.
func holderType(fa *ssa.FieldAddr) *types.TypeName {
	if n := pointedNamed(fa.X.Type()); n != nil {
		return n.Obj()
	}
	return nil
}

// instanceTypes returns the types of the package whose values run as
// instances of a thread: receivers of methods started with go or passed
// as method values (start(c.run)), and actor types; and the messages
// they exchange, which carry shared objects between them. Only their shared
// fields root paths ("s:"): instances of other types are not compared
// with each other, and their accesses keep the names their holders give
// them, so that locks taken through the holder still protect them.
// bodies are the methods that run as instances: started with go or as
// method values.
func instanceTypes(funcs []*ssa.Function, handlers *model.Handlers, m *model.Model) (out map[*types.TypeName]bool, bodies map[*ssa.Function]bool) {
	out = make(map[*types.TypeName]bool)
	bodies = make(map[*ssa.Function]bool)
	// Messages: what is sent on a channel or given up by a transfer row,
	// and the objects their pointer fields hold (a Workload in a Start).
	message := func(v ssa.Value) {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		n := pointedNamed(v.Type())
		if n == nil || out[n.Obj()] {
			return
		}
		out[n.Obj()] = true
		if st, ok := n.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if f := pointedNamed(st.Field(i).Type()); f != nil {
					out[f.Obj()] = true
				}
			}
		}
	}
	add := func(fn *ssa.Function) {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Signature().Recv() != nil {
			if n := recvNamedOf(obj); n != nil {
				out[n] = true
			}
		}
	}
	for _, fn := range funcs {
		if obj, ok := fn.Object().(*types.Func); ok && handlers.IsMethod(obj) {
			add(fn)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Go:
					if callee := instr.Call.StaticCallee(); callee != nil {
						add(callee)
						bodies[callee] = true
						for _, m := range capturedMethodCalls(callee) {
							add(m)
							bodies[m] = true
						}
					}
				case *ssa.MakeClosure:
					if f, ok := instr.Fn.(*ssa.Function); ok && ssaops.IsBoundMethod(f) {
						add(f)
						if obj, ok := f.Object().(*types.Func); ok {
							if body := f.Prog.FuncValue(obj); body != nil {
								bodies[body] = true
							}
						}
					}
				case *ssa.Send:
					message(instr.X)
				case *ssa.Call:
					if rc, ok := m.Resolve(&instr.Call); ok {
						if row, ok := rc.Row(model.Transfer); ok && !row.Publishes {
							for _, i := range row.Args {
								if v := rc.Arg(i); v != nil {
									message(v)
								}
							}
						}
					}
				}
			}
		}
	}
	return out, bodies
}

// capturedMethodCalls returns the methods that lit, a function literal a
// go statement starts, calls directly on a variable it captures: the
// goroutine of go func() { defer wg.Done(); p.run() }() runs p's run.
func capturedMethodCalls(lit *ssa.Function) []*ssa.Function {
	if lit.Parent() == nil {
		return nil // not a literal
	}
	var out []*ssa.Function
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Signature.Recv() == nil || len(call.Call.Args) == 0 {
				continue
			}
			if _, ok := capturedValue(call.Call.Args[0]); ok {
				out = append(out, callee)
			}
		}
	}
	return out
}

// capturedValue returns the free variable v is, or is loaded from.
func capturedValue(v ssa.Value) (*ssa.FreeVar, bool) {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	fv, ok := v.(*ssa.FreeVar)
	return fv, ok
}

// pointedNamed returns the named type (origin) that t points to, or nil.
func pointedNamed(t types.Type) *types.Named {
	p, ok := ssaops.CoreType(t).(*types.Pointer)
	if !ok {
		return nil
	}
	if n, ok := types.Unalias(p.Elem()).(*types.Named); ok {
		return n.Origin()
	}
	return nil
}

// recvNamedOf returns the named type (origin) of method m's receiver.
func recvNamedOf(m *types.Func) *types.TypeName {
	t := m.Signature().Recv().Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// recvSuffix marks, after a channel field's key, the values received from
// the channel: "s:pkg.T.inbox<-|" roots what a receive from some T's
// inbox gives, when one value is sent to several (broadcastAt).
const recvSuffix = "<-"

// recvRoot returns the root naming the memory that the pointer received
// by v points to, if v receives from a channel field on which one value
// goes to several receivers; "" otherwise.
func (c *checker) recvRoot(v *ssa.UnOp) string {
	if v.Op != token.ARROW {
		return ""
	}
	if key := chanFieldKey(v.X); key != "" && c.shared[key+recvSuffix] && c.instanceTypes[chanHolderType(v.X)] {
		return "s:" + key + recvSuffix + "|"
	}
	return ""
}

// chanHolderType returns the type holding the channel field ch was
// loaded from, or nil.
func chanHolderType(ch ssa.Value) *types.TypeName {
	if u, ok := ch.(*ssa.UnOp); ok && u.Op == token.MUL {
		if fa, ok := u.X.(*ssa.FieldAddr); ok {
			return holderType(fa)
		}
	}
	return nil
}

// chanFieldKey returns the fieldKey of the field that the channel ch was
// loaded from, or "".
func chanFieldKey(ch ssa.Value) string {
	if u, ok := ch.(*ssa.UnOp); ok && u.Op == token.MUL {
		if fa, ok := u.X.(*ssa.FieldAddr); ok {
			return fieldKey(fa)
		}
	}
	return ""
}

// broadcastAt reports whether the value v, sent at instruction at (a
// send, or a call that passes v on to one), goes to several receivers:
// the send runs in a loop that did not compute v (for _, a := range
// acceptors { a.inbox <- msg }).
func (s *sharer) broadcastAt(v ssa.Value, at ssa.Instruction, depth int) bool {
	for {
		conv, ok := v.(*ssa.MakeInterface)
		if !ok {
			break
		}
		v = conv.X
	}
	if constantLike(v) || !referenceType(v.Type()) && !types.IsInterface(v.Type()) {
		return false // an interface may hold a pointer: ev any in send(ev any)
	}
	if s.definedOutsideLoop(v, at) {
		return true
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || depth >= maxShareDepth {
		return false
	}
	i := paramIndex(p)
	for _, call := range s.c.calls.direct[p.Parent()] {
		if args := call.Common().Args; i < len(args) && s.broadcastAt(args[i], call, depth+1) {
			return true
		}
	}
	return false
}

// fieldKey names the field fa addresses as pkgpath.Type.field, or "" for a
// field of an unnamed struct.
func fieldKey(fa *ssa.FieldAddr) string {
	n := pointedNamed(fa.X.Type())
	if n == nil {
		return ""
	}
	name, ok := ssaops.FieldName(fa.X.Type(), fa.Field)
	if !ok {
		return ""
	}
	return typeKey(n) + "." + name
}

// referenceType reports whether values of t point to memory that two
// holders can share: pointers, slices and maps.
func referenceType(t types.Type) bool {
	switch ssaops.CoreType(t).(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// perIterationObject reports whether obj, whose field the store st
// writes, is allocated anew on each pass through a loop around st.
func (s *sharer) perIterationObject(obj ssa.Value, st ssa.Instruction) bool {
	a, ok := obj.(*ssa.Alloc)
	return ok && a.Heap && s.c.sameCycle(a.Block(), st.Block())
}

// A sharer decides whether a stored value may be held by another
// instance too.
type sharer struct {
	// c holds what the sharer reads: the package's calls and closures,
	// its loops, and the fields found shared so far.
	c *checker
	// target is the object whose field the store being judged writes:
	// a value it already holds (n.keys = n.keys[:0]) stays its own.
	target ssa.Value
}

// sharedAt reports whether v, used by instruction at (a store, or the
// call that passes it on), may be held by some other instance or holder.
// fresh tells whether at makes a new instance on each pass through a loop
// around it, so that a value defined before the loop goes to many.
func (s *sharer) sharedAt(v ssa.Value, at ssa.Instruction, fresh bool, depth int) bool {
	if fresh && s.definedOutsideLoop(v, at) {
		return !constantLike(v) && !s.ownInstance(v, at)
	}
	switch v := v.(type) {
	case *ssa.Global:
		return true
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return false
		}
		switch x := v.X.(type) {
		case *ssa.Global:
			return true
		case *ssa.FieldAddr:
			return s.longLived(x.X, depth) || fresh && s.definedOutsideLoop(holder(x.X), at) || s.throughShared(x.X)
		case *ssa.IndexAddr:
			// One element for all: a varying index picks another.
			if _, ok := x.Index.(*ssa.Const); !ok {
				return false
			}
			return s.longLived(x.X, depth) || fresh && s.definedOutsideLoop(holder(x.X), at)
		case *ssa.Alloc:
			// A local variable: what was stored in it.
			return s.storedIn(x, at, fresh, depth)
		case *ssa.FreeVar:
			// A captured variable: what the enclosing function stored
			// in the variable each literal binds.
			return s.passedShared(x.Parent(), freeVarIndex(x), true, depth)
		}
	case *ssa.Phi:
		if depth >= 2*maxShareDepth {
			return false
		}
		for _, e := range v.Edges {
			if e != v && s.sharedAt(e, at, fresh, depth+1) {
				return true
			}
		}
	case *ssa.Parameter:
		return s.passedShared(v.Parent(), paramIndex(v), false, depth)
	case *ssa.FreeVar:
		return s.passedShared(v.Parent(), freeVarIndex(v), true, depth)
	case ssa.Instruction:
		if x, ok := ssaops.Alias(v); ok && depth < 2*maxShareDepth {
			return s.sharedAt(x, at, fresh, depth+1)
		}
	}
	return false
}

// ownInstance reports whether v, used in a loop at at, is the receiver of
// the method that runs as an instance (go c.serve()) and the loop starts
// no goroutine: the objects the loop makes all belong to that instance
// (each request of a connection points back to it), and another
// instance's objects point to another receiver. Sharing them would
// compare the instances on what each reaches through its own receiver.
//
// The strict reading keeps such fields shared: a goroutine started on one
// of those objects elsewhere would share the receiver with the instance.
func (s *sharer) ownInstance(v ssa.Value, at ssa.Instruction) bool {
	if s.c.model.Strict {
		return false
	}
	p, ok := v.(*ssa.Parameter)
	fn := at.Parent()
	if !ok || p.Parent() != fn || fn.Signature.Recv() == nil || fn.Params[0] != p || !s.c.instanceBodies[fn] {
		return false
	}
	loop := s.c.cycleOf(at.Block())
	for _, b := range fn.Blocks {
		if s.c.cycleOf(b) != loop {
			continue
		}
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Go); ok {
				return false
			}
		}
	}
	return true
}

// longLived reports whether obj, whose field or element a stored value
// was loaded from, is a holder that keeps the value: the receiver of the
// method (or of the method a literal is in), an object reached from it, or
// a package-level variable. A value taken out of a message or a
// parameter is handed on, not kept: forwarding a received payload does
// not share it.
func (s *sharer) longLived(obj ssa.Value, depth int) bool {
	for range 2 * maxShareDepth {
		if obj == s.target || s.sameType(obj) {
			return false
		}
		switch x := obj.(type) {
		case *ssa.Global:
			return true
		case *ssa.Parameter:
			fn := x.Parent()
			return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x
		case *ssa.FreeVar:
			i := freeVarIndex(x)
			for _, mc := range s.c.closures[x.Parent()] {
				if i >= 0 && i < len(mc.Bindings) && depth < maxShareDepth && s.longLived(mc.Bindings[i], depth+1) {
					return true
				}
			}
			return false
		case *ssa.Alloc:
			// A captured variable's cell: the value stored in it.
			for _, st := range storesTo(x) {
				if depth < maxShareDepth && s.longLived(st.Val, depth+1) {
					return true
				}
			}
			return false
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			obj = x.X
		case *ssa.FieldAddr:
			obj = x.X
		case *ssa.IndexAddr:
			if _, ok := x.Index.(*ssa.Const); !ok {
				return false
			}
			obj = x.X
		case *ssa.Field:
			obj = x.X
		default:
			return false
		}
	}
	return false
}

// sameType reports whether obj points to a value of the type whose field
// the judged store writes: an instance handing its own data to itself
// (c.pending = c.queue[0]), not one holder's value given to another.
func (s *sharer) sameType(obj ssa.Value) bool {
	if s.target == nil {
		return false
	}
	return types.Identical(obj.Type(), s.target.Type())
}

// throughShared reports whether obj is reached through a shared field, or
// is what a broadcast channel delivers: what it holds, every holder of
// the shared object reaches.
func (s *sharer) throughShared(obj ssa.Value) bool {
	for range 2 * maxShareDepth {
		switch x := obj.(type) {
		case *ssa.UnOp:
			switch x.Op {
			case token.MUL:
				if fa, ok := x.X.(*ssa.FieldAddr); ok && s.c.shared[fieldKey(fa)] {
					return true
				}
			case token.ARROW:
				return s.c.shared[chanFieldKey(x.X)+recvSuffix]
			}
		}
		next, ok := accessStep(obj)
		if !ok {
			return false
		}
		obj = next
	}
	return false
}

// holder returns the object at the root of the access path that reaches
// v (env for env.cfg.stats).
func holder(v ssa.Value) ssa.Value {
	for {
		next, ok := accessStep(v)
		if !ok {
			return v
		}
		v = next
	}
}

// accessStep returns the value that v selects from or loads (x for x.f,
// &x.f, &x[i], *x), and false for any other value.
func accessStep(v ssa.Value) (ssa.Value, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return x.X, true
		}
	case *ssa.FieldAddr:
		return x.X, true
	case *ssa.IndexAddr:
		return x.X, true
	case *ssa.Field:
		return x.X, true
	}
	return nil, false
}

// storedIn reports whether a value stored in the local variable x may be
// shared, for a use at instruction at.
func (s *sharer) storedIn(x *ssa.Alloc, at ssa.Instruction, fresh bool, depth int) bool {
	if depth >= maxShareDepth {
		return false
	}
	for _, st := range storesTo(x) {
		if fresh && !s.c.sameCycle(st.Block(), at.Block()) && !constantLike(st.Val) {
			// Set before the loop that makes the instances (a
			// receiver a literal captures is moved to a variable).
			return !s.ownInstance(st.Val, at)
		}
		if s.sharedAt(st.Val, at, fresh, depth+1) {
			return true
		}
	}
	return false
}

// passedShared reports whether some call of fn in the package passes a
// shared value as its parameter i (or, for a closure, binds one as its
// free variable i).
func (s *sharer) passedShared(fn *ssa.Function, i int, free bool, depth int) bool {
	if fn == nil || i < 0 || depth >= maxShareDepth {
		return false
	}
	if free {
		for _, mc := range s.c.closures[fn] {
			if i >= len(mc.Bindings) {
				continue
			}
			b := mc.Bindings[i]
			if cell, ok := b.(*ssa.Alloc); ok {
				// A captured variable: what is stored in it.
				if s.storedIn(cell, mc, false, depth+1) {
					return true
				}
			} else if s.sharedAt(b, mc, false, depth+1) {
				return true
			}
		}
		return false
	}
	for _, call := range s.c.calls.direct[fn] {
		common := call.Common()
		args := common.Args
		if i >= len(args) {
			continue
		}
		// A call in a loop makes the callee's instances there: each
		// gets the same value if the loop did not compute it.
		if s.sharedAt(args[i], call, s.c.inLoop(call), depth+1) {
			return true
		}
	}
	return false
}

// definedOutsideLoop reports whether at lies on a cycle that v, a value of
// the same function, is not computed on: v is the same on every pass.
func (s *sharer) definedOutsideLoop(v ssa.Value, at ssa.Instruction) bool {
	b := at.Block()
	if !s.c.inLoop(at) {
		return false
	}
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return true
	case ssa.Instruction:
		return v.Block() != nil && v.Block().Parent() == b.Parent() && !s.c.sameCycle(v.Block(), b)
	}
	return false
}

// constantLike reports whether v holds no memory: a constant or a
// function.
func constantLike(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Const, *ssa.Function:
		return true
	}
	return false
}

// closureIndex returns c.closures, made from funcs on first use.
func (c *checker) closureIndex(funcs []*ssa.Function) map[*ssa.Function][]*ssa.MakeClosure {
	if c.closures == nil {
		c.closures = makeClosures(funcs)
	}
	return c.closures
}

// makeClosures indexes the function literals of funcs by the
// instructions that make them.
func makeClosures(funcs []*ssa.Function) map[*ssa.Function][]*ssa.MakeClosure {
	out := make(map[*ssa.Function][]*ssa.MakeClosure)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					if lit, ok := mc.Fn.(*ssa.Function); ok {
						out[lit] = append(out[lit], mc)
					}
				}
			}
		}
	}
	return out
}

func paramIndex(p *ssa.Parameter) int {
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}

func freeVarIndex(v *ssa.FreeVar) int {
	for i, q := range v.Parent().FreeVars {
		if q == v {
			return i
		}
	}
	return -1
}
