// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// The closed receiving side of an actor is the closed side of a channel
// (closed.go) with a PID for the channel and the actor's handler for the
// receiving loop. A send row (a Transfer row with a Recipient row) whose
// PID is loaded from an unexported field of a struct type of the package
// gives up its message to an actor whose type the analysis knows when:
//
//   - every store into that field, in the package, is the result of a
//     spawn (a SpawnsActor row) whose producer is a function of the
//     package that returns a new value of a struct type of the package,
//     which the producer hands to no one else, or a call of a function of
//     the package that returns only such producers; and every load of the
//     field is only the PID argument of send rows, so the PID reaches no
//     code the analysis does not see;
//   - every handler of those types (the method an Actor row names,
//     declared on the type) only reads what it gets: it writes none of
//     the messages (c.Message(), a Receive row, called in the handler
//     itself and nowhere else it passes its context to), hands none of it
//     on, returns none of it, and keeps it only in its actor's own struct
//     (a field of the value the producer made); it writes no memory it
//     held on entry other than that struct and the memory of its own
//     fields (ownFields: pointer-free memory that every store of the
//     package makes anew or appends to), package-level variables, and
//     what synchronises itself, nor memory it got from a call or received
//     on another channel; and it hands on nothing its struct reaches.
//
// Each call of a handler gets one message; what an earlier call kept in
// the struct comes back as memory below the receiver, which the handler
// may then read but not write unless it is below an own field, which no
// message can be: a per-field provenance over the type's handlers. What
// the receiving actor may write of a message is then what package-level
// variables reach in the sender's heap (closedWrites with no holder): the
// actor's struct and own memory are its producer's and its own, which no
// sender reaches.

// actorSides holds what the strict reading knows of the PIDs held in
// unexported fields: which fields hold only PIDs of spawned actors of
// known types, and, once decided, which of those types only read what they
// get.
type actorSides struct {
	// handlers holds, by confined PID field, the handlers of the actors
	// its PIDs may name; a field missing here is not confined.
	handlers map[chanKey][]*ssa.Function
	// decided caches readsOnly's answers by handler; reset with the
	// channels' (closedSides.reset).
	decided map[*ssa.Function]bool
	// own holds, by actor type, the fields that hold only the actor's
	// own memory (ownFields).
	own map[*types.Named]map[string]bool
	// spawned holds, by PID value, the handlers of the actor a spawn of
	// the package made, when the PID reaches only the framework's code
	// (localpids.go).
	spawned map[ssa.Value][]*ssa.Function
	// behaviours holds, by behaviour field, the handlers its Become
	// calls install (behaviours.go); a field missing here is not one.
	behaviours map[chanKey][]*ssa.Function
	// childOfPackage holds the handlers of the actors that only
	// handlers of the package's actors spawn (delivers.go).
	childOfPackage map[*ssa.Function]bool

	pkg *types.Package
	m   *model.Model
}

// findActorSides indexes the PID fields of the package's struct types
// whose every store is a spawn of an actor of a type of the package.
func findActorSides(pkg *types.Package, funcs []*ssa.Function, m *model.Model) *actorSides {
	as := &actorSides{handlers: make(map[chanKey][]*ssa.Function), decided: make(map[*ssa.Function]bool),
		own: make(map[*types.Named]map[string]bool), spawned: make(map[ssa.Value][]*ssa.Function),
		pkg: pkg, m: m}
	if imports(pkg, "unsafe") {
		return as
	}
	as.behaviours = findBehaviours(pkg, funcs, m)

	for key, hs := range fieldsUsedOnly(pkg, funcs, as.pidFieldUse) {
		as.handlers[key] = hs
		as.noteOwn(funcs, hs)
	}
	for pid, hs := range as.spawnedPIDs(funcs) {
		as.spawned[pid] = hs
		as.noteOwn(funcs, hs)
	}
	as.childOfPackage = as.spawnedByHandlers(funcs)
	return as
}

// fieldsUsedOnly returns, by unexported field of the package's structs,
// the handlers use finds at each instruction that addresses or loads the
// field, for the fields every such instruction of funcs is a use of (use
// reports true) and some use names a handler.
func fieldsUsedOnly(pkg *types.Package, funcs []*ssa.Function, use func(ssa.Instruction) ([]*ssa.Function, bool)) map[chanKey][]*ssa.Function {
	open := make(map[chanKey]bool)
	found := make(map[chanKey][]*ssa.Function)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				key, ok := unexportedFieldKey(pkg, instr)
				if !ok || open[key] {
					continue
				}
				hs, ok := use(instr)
				if !ok {
					open[key] = true
					continue
				}
				found[key] = append(found[key], hs...)
			}
		}
	}
	for key, hs := range found {
		if open[key] || len(hs) == 0 {
			delete(found, key)
		}
	}
	return found
}

// noteOwn finds the own fields of the types of the handlers hs: those
// ownFields finds, and the behaviour fields (behaviours.go), which hold
// only the actor's own handlers, unless the package copies whole values
// of the type.
func (as *actorSides) noteOwn(funcs []*ssa.Function, hs []*ssa.Function) {
	for _, h := range hs {
		t := receiverNamed(h)
		if t == nil || as.own[t] != nil {
			continue
		}
		own := ownFields(as.m, funcs, t) // nil if the package stores a whole t
		if st, ok := t.Underlying().(*types.Struct); ok && own != nil {
			for i := range st.NumFields() {
				if key, ok := fieldKey(t, i); ok && as.behaviours[key] != nil {
					own[st.Field(i).Name()] = true
				}
			}
		}
		as.own[t] = own
	}
}

// pidFieldUse reports whether instr, which addresses or reads an
// unexported field, keeps a PID of a known actor there: it stores only
// spawn results (whose actors' handlers it returns) or nil, and what it
// loads is only the recipient of send rows.
func (as *actorSides) pidFieldUse(instr ssa.Instruction) ([]*ssa.Function, bool) {
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		var hs []*ssa.Function
		for _, r := range *i.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != i {
					return nil, false
				}
				if c, ok := r.Val.(*ssa.Const); ok && c.IsNil() {
					continue
				}
				spawned, ok := as.spawnedHandlers(r.Val)
				if !ok {
					spawned, ok = as.appendedSpawns(r.Val, i)
				}
				if !ok {
					return nil, false
				}
				hs = append(hs, spawned...)
			case *ssa.UnOp:
				if r.Op != token.MUL || !recipientOnly(as.m, r) && !pidSliceOnly(as.m, as.pkg, r, i) {
					return nil, false
				}
			case *ssa.DebugRef:
			default:
				return nil, false
			}
		}
		return hs, true
	case *ssa.Field:
		return nil, recipientOnly(as.m, i)
	}
	return nil, false
}

// A field may also hold a slice of PIDs (workers []*actor.PID): every
// store into it appends spawn results to what the same field of a value
// of the type held (m.workers = append(m.workers, c.Spawn(props))), and
// every load of it is only measured, indexed for a PID that is only the
// recipient of send rows, or appended to in such a store. The slice's
// elements are then only PIDs of those spawns, and reach no code the
// analysis does not see.

// appendedSpawns returns the handlers of the actors whose PIDs the store
// of v into the field fa appends: v is append(x, pids...), with x a load
// of the same field (of any value of the type) and pids the spawn results
// of the call's variadic array.
func (as *actorSides) appendedSpawns(v ssa.Value, fa *ssa.FieldAddr) ([]*ssa.Function, bool) {
	call, ok := v.(*ssa.Call)
	if !ok || !isAppend(call) || len(call.Call.Args) != 2 || !sameFieldLoad(as.pkg, call.Call.Args[0], fa) {
		return nil, false
	}
	sl, ok := call.Call.Args[1].(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var hs []*ssa.Function
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice:
			if r != sl || !usedOnlyBy(sl, call) {
				return nil, false
			}
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok || st.Addr != r {
					return nil, false
				}
				spawned, ok := as.spawnedHandlers(st.Val)
				if !ok {
					return nil, false
				}
				hs = append(hs, spawned...)
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return hs, len(hs) > 0
}

// isAppend reports whether call is of the builtin append.
func isAppend(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

// sameFieldLoad reports whether v is a load of the field fa addresses, of
// any value of its struct type.
func sameFieldLoad(pkg *types.Package, v ssa.Value, fa *ssa.FieldAddr) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	other, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	k1, ok1 := unexportedFieldKey(pkg, other)
	k2, ok2 := unexportedFieldKey(pkg, fa)
	return ok1 && ok2 && k1 == k2
}

// pidSliceOnly reports whether the load of the PID slice field fa is only
// measured (len, cap), indexed for PIDs that are only the recipients of
// send rows, or the slice append extends in a store back into the same
// field (appendedSpawns judges that store).
func pidSliceOnly(m *model.Model, pkg *types.Package, load *ssa.UnOp, fa *ssa.FieldAddr) bool {
	if _, ok := load.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	for _, r := range *load.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.IndexAddr:
			if r.X != load {
				return false
			}
			for _, u := range *r.Referrers() {
				el, ok := u.(*ssa.UnOp)
				if _, debug := u.(*ssa.DebugRef); debug {
					continue
				}
				if !ok || el.Op != token.MUL || !recipientOnly(m, el) {
					return false
				}
			}
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				continue
			}
			if !isAppend(r) || len(r.Call.Args) != 2 || r.Call.Args[0] != load || r.Call.Args[1] == load {
				return false
			}
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if _, debug := u.(*ssa.DebugRef); debug {
					continue
				}
				if !ok || st.Val != r {
					return false
				}
				other, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || !sameFieldLoad(pkg, load, other) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// recipientOnly reports whether the PID v is only the recipient argument
// of send rows.
func recipientOnly(m *model.Model, v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			call, ok := m.Resolve(r.Common())
			if !ok || call.Recv == v {
				return false
			}
			row, ok := call.Row(model.Recipient)
			if !ok || len(row.Args) != 1 {
				return false
			}
			for j, a := range call.Args {
				if a == v && j != row.Args[0] {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// spawnedHandlers returns the handlers of the actor whose PID v is, when
// v is the result (the first, of SpawnNamed's two) of a spawn row whose
// producer names one actor type of pkg. A description of the actor
// (protoactor's *Props), unlike a producer, can be changed after it is
// made (Props.Configure adds middleware): the spawn must be its only use.
func (as *actorSides) spawnedHandlers(v ssa.Value) ([]*ssa.Function, bool) {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	mc, ok := as.m.Resolve(call.Common())
	if !ok {
		return nil, false
	}
	row, ok := mc.Row(model.SpawnsActor)
	if !ok || len(row.Args) != 1 || mc.Arg(row.Args[0]) == nil || !noOptions(call.Common()) {
		return nil, false
	}
	producer := mc.Arg(row.Args[0])
	if _, isFunc := producer.Type().Underlying().(*types.Signature); !isFunc && !onlySpawned(as.m, producer) {
		return nil, false
	}
	return as.producerHandlers(producer, maxProducerDepth)
}

// noOptions reports whether a call of a variadic spawn passes no options:
// an option may wrap the handler in code that sees every message
// (Hollywood's WithMiddleware), which the rule does not follow.
func noOptions(c *ssa.CallCommon) bool {
	if !c.Signature().Variadic() || len(c.Args) == 0 {
		return true
	}
	last, ok := c.Args[len(c.Args)-1].(*ssa.Const)
	return ok && last.IsNil()
}

// maxProducerDepth bounds the calls followed from a spawn's producer
// argument to the function literal that makes the actor
// (newNode(id) returning func() actor.Receiver { return &Node{id: id} }).
const maxProducerDepth = 3

// producerHandlers returns the handlers of the actors the producer v
// makes: a function of pkg that returns only new values of one of pkg's
// struct types, or a call of a function of pkg that returns only such
// producers.
func (as *actorSides) producerHandlers(v ssa.Value, depth int) ([]*ssa.Function, bool) {
	if depth == 0 {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.ChangeType:
		return as.producerHandlers(x.X, depth)
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			return as.madeActorHandlers(fn, x)
		}
		return nil, false
	case *ssa.Function:
		return as.madeActorHandlers(x, nil)
	case *ssa.Call:
		if producer, ok := propsProducer(as.m, x); ok {
			return as.producerHandlers(producer, depth-1)
		}
		callee := x.Call.StaticCallee()
		if callee == nil || x.Call.IsInvoke() || !ofPackage(as.pkg, callee) {
			return nil, false
		}
		var hs []*ssa.Function
		ok := forReturned(callee, func(r ssa.Value) bool {
			got, ok := as.producerHandlers(r, depth-1)
			hs = append(hs, got...)
			return ok
		})
		return hs, ok && len(hs) > 0
	}
	return nil, false
}

// ofPackage reports whether fn, with a body, is code of pkg.
func ofPackage(pkg *types.Package, fn *ssa.Function) bool {
	return fn.Blocks != nil && fn.Pkg != nil && fn.Pkg.Pkg == pkg
}

// forReturned calls f with the only result of every return of fn, and
// reports whether every call returned true.
func forReturned(fn *ssa.Function, f func(ssa.Value) bool) bool {
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if len(ret.Results) != 1 || !f(ret.Results[0]) {
				return false
			}
		}
	}
	return true
}

// madeActorHandlers returns the handlers of what the producer fn makes,
// when every return of fn is a new value of a struct type of pkg,
// converted to an interface one of whose methods an Actor row names, and
// the value is only given fields and returned. When fn is a function
// literal the closure mc makes, the value may also be one fn captures
// (func() actor.Actor { return w }): a new value the function making mc
// allocated, which it only gives fields and holds in a variable that only
// mc captures, and mc is only the producer of a spawn (capturedActor).
func (as *actorSides) madeActorHandlers(fn *ssa.Function, mc *ssa.MakeClosure) ([]*ssa.Function, bool) {
	if !ofPackage(as.pkg, fn) {
		return nil, false
	}
	var hs []*ssa.Function
	ok := forReturned(fn, func(r ssa.Value) bool {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok || !onlyReturned(mi) {
			return false
		}
		alloc, ok := mi.X.(*ssa.Alloc)
		if !ok {
			alloc, ok = as.capturedActor(mc, mi)
			if !ok {
				return false
			}
		} else if !alloc.Heap || !onlyBuilt(as.m, alloc, mi) {
			return false
		}
		h, ok := as.actorHandlers(fn.Prog, mi.Type(), alloc.Type())

		hs = append(hs, h...)
		return ok
	})
	return hs, ok && len(hs) > 0
}

// capturedActor returns the new value the producer closure mc returns
// through a captured variable, converted by mi, when: mi converts a load
// of the captured variable (or the captured value itself), which is used
// only so; the variable is a local declared in the block that makes mc,
// stored once with a new value made in that block, captured by mc alone
// and only once; the new value is only given fields and stored into the
// variable; and mc is used once, by one spawn (producerOnly). The
// producer then hands out the one value its maker made for it, to one
// actor, and no other code holds that value's address.
func (as *actorSides) capturedActor(mc *ssa.MakeClosure, mi *ssa.MakeInterface) (*ssa.Alloc, bool) {
	if mc == nil || !producerOnly(as.m, mc) {
		return nil, false
	}
	fn := mc.Fn.(*ssa.Function)
	x, user := mi.X, ssa.Instruction(mi)
	load, isLoad := x.(*ssa.UnOp)
	if isLoad {
		if load.Op != token.MUL || !usedOnlyBy(load, mi) {
			return nil, false
		}
		x, user = load.X, load
	}
	fv, ok := x.(*ssa.FreeVar)
	if !ok || !usedOnlyBy(fv, user) {
		return nil, false
	}
	idx := slices.Index(fn.FreeVars, fv)
	if idx < 0 || idx >= len(mc.Bindings) || slices.Index(mc.Bindings, mc.Bindings[idx]) != idx || slices.Index(mc.Bindings[idx+1:], mc.Bindings[idx]) >= 0 {
		return nil, false
	}
	b := mc.Bindings[idx]
	if !isLoad {
		alloc, ok := b.(*ssa.Alloc)
		if !ok || !alloc.Heap || alloc.Block() != mc.Block() || !builtAndCaptured(alloc, mc) {
			return nil, false
		}
		return alloc, true
	}
	// The binding is the variable's cell: one store of a new value, in
	// the block that makes the closure, so that each closure (in a
	// loop, each iteration's) has a cell and a value of its own.
	cell, ok := b.(*ssa.Alloc)
	if !ok || cell.Parent() != mc.Parent() || cell.Block() != mc.Block() {
		return nil, false
	}
	var alloc *ssa.Alloc
	for _, r := range *cell.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			if r != mc {
				return nil, false
			}
		case *ssa.Store:
			a, ok := r.Val.(*ssa.Alloc)
			if !ok || r.Addr != cell || alloc != nil || !a.Heap || a.Block() != mc.Block() {
				return nil, false
			}
			alloc = a
		default:
			return nil, false
		}
	}
	if alloc == nil || !storedOnlyInto(alloc, cell) {
		return nil, false
	}
	return alloc, true
}

// usedOnlyBy reports whether v's only uses, but for debug references,
// are by instr.
func usedOnlyBy(v ssa.Value, instr ssa.Instruction) bool {
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.DebugRef); !ok && r != instr {
			return false
		}
	}
	return true
}

// fieldsOnlyBut reports whether the new value alloc is only given fields, has
// its fields read, or is used by instructions that other accepts.
func fieldsOnlyBut(alloc *ssa.Alloc, other func(ssa.Instruction) bool) bool {
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if !fieldBuiltOnly(r) {
				return false
			}
		default:
			if !other(r) {
				return false
			}
		}
	}
	return true
}

// builtAndCaptured reports whether the new value alloc is only given
// fields, has its fields read, or is captured by mc.
func builtAndCaptured(alloc *ssa.Alloc, mc *ssa.MakeClosure) bool {
	return fieldsOnlyBut(alloc, func(r ssa.Instruction) bool { return r == ssa.Instruction(mc) })
}

// storedOnlyInto reports whether the new value alloc is only given
// fields, has its fields read, or is stored into cell.
func storedOnlyInto(alloc *ssa.Alloc, cell *ssa.Alloc) bool {
	return fieldsOnlyBut(alloc, func(r ssa.Instruction) bool {
		st, ok := r.(*ssa.Store)
		return ok && st.Addr == cell && st.Val == alloc
	})
}

// fieldBuiltOnly reports whether the field address fa is only stored to
// or loaded from.
func fieldBuiltOnly(fa *ssa.FieldAddr) bool {
	return fieldBuiltOnlyBut(fa, func(ssa.Instruction) bool { return false })
}

// fieldBuiltOnlyBut reports whether the field address fa is only stored
// to, loaded from, or used by instructions other accepts.
func fieldBuiltOnlyBut(fa *ssa.FieldAddr, other func(ssa.Instruction) bool) bool {
	for _, u := range *fa.Referrers() {
		switch u := u.(type) {
		case *ssa.Store:
			if u.Addr != fa {
				return false
			}
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			if !other(u) {
				return false
			}
		}
	}
	return true
}

// producerOnly reports whether the closure mc is used only once, as the
// argument of one spawn, or of one ActorProps row whose props only that
// one spawn uses: no code but the framework calls it, for one actor (and
// its restarts).
func producerOnly(m *model.Model, mc *ssa.MakeClosure) bool {
	var uses []*ssa.Call
	var collect func(v ssa.Value) bool
	collect = func(v ssa.Value) bool {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.ChangeType:
				if !collect(r) {
					return false
				}
			case *ssa.Call:
				if r.Call.Value == v {
					return false
				}
				uses = append(uses, r)
			default:
				return false
			}
		}
		return true
	}
	if !collect(mc) || len(uses) != 1 {
		return false
	}
	use := uses[0]
	if m.CallOf(use, model.SpawnsActor) {
		return true
	}
	if !m.CallOf(use, model.ActorProps) {
		return false
	}
	spawns := 0
	for _, r := range *use.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			if !m.CallOf(r, model.SpawnsActor) || r.Call.Value == use {
				return false
			}
			spawns++
		default:
			return false
		}
	}
	return spawns == 1
}

// onlyReturned reports whether v is used only by returns.
func onlyReturned(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.Return); !ok {
			return false
		}
	}
	return true
}

// onlyBuilt reports whether the new value alloc is only given fields,
// has its fields read, or is converted by mi, or installs its first
// handler (m.behavior.Become(m.idle), behaviours.go): its producer hands
// its address to no one.
func onlyBuilt(m *model.Model, alloc *ssa.Alloc, mi *ssa.MakeInterface) bool {
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.MakeInterface:
			if r != mi {
				return false
			}
		case *ssa.MakeClosure:
			if !onlyBecome(m, r) {
				return false
			}
		case *ssa.FieldAddr:
			installs := func(u ssa.Instruction) bool {
				call, ok := u.(*ssa.Call)
				if !ok {
					return false
				}
				_, ok = becomeOn(m, call, r)
				return ok
			}
			if !fieldBuiltOnlyBut(r, installs) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// actorHandlers returns the handlers of the actor of type ptr (a pointer
// to a struct type of pkg) converted to the interface iface: the method of
// ptr, declared on its type, that implements the method of iface an Actor
// row names, or, when that method only dispatches to a behaviour field,
// the handlers that field's Become calls install (behaviours.go).
func (as *actorSides) actorHandlers(prog *ssa.Program, iface, ptr types.Type) ([]*ssa.Function, bool) {
	pkg, m := as.pkg, as.m
	p, ok := ptr.(*types.Pointer)
	if !ok {
		return nil, false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != pkg || named.TypeParams().Len() > 0 {
		return nil, false
	}
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	var handler *ssa.Function
	for i := range it.NumMethods() {
		im := it.Method(i)
		if _, ok := m.Find(im, model.Actor); !ok {
			continue
		}
		sel := types.NewMethodSet(ptr).Lookup(im.Pkg(), im.Name())
		if sel == nil || len(sel.Index()) != 1 || handler != nil {
			return nil, false // promoted, or more than one handler
		}
		handler = prog.FuncValue(sel.Obj().(*types.Func))
	}
	if handler == nil || !ofPackage(pkg, handler) {
		return nil, false
	}
	if key, ok := dispatchField(m, handler); ok {
		hs := as.behaviours[key]

		return hs, len(hs) > 0
	}
	return []*ssa.Function{handler}, true
}

// unexportedFieldKey names the field instr addresses or reads when it is
// an unexported, not embedded field of a struct type declared in pkg
// without type parameters.
func unexportedFieldKey(pkg *types.Package, instr ssa.Instruction) (chanKey, bool) {
	var x types.Type
	var field int
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		x, field = i.X.Type(), i.Field
	case *ssa.Field:
		x, field = i.X.Type(), i.Field
	default:
		return "", false
	}
	if p, ok := x.Underlying().(*types.Pointer); ok {
		x = p.Elem()
	}
	named, ok := types.Unalias(x).(*types.Named)
	if !ok || named.Obj().Pkg() != pkg || named.TypeParams().Len() > 0 {
		return "", false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || field >= st.NumFields() {
		return "", false
	}
	if f := st.Field(field); f.Exported() || f.Embedded() {
		return "", false
	}
	return fieldKey(x, field)
}

// closedActor reports whether the send call gives its message to actors
// whose receiving side is closed: its recipient is loaded from a confined
// PID field, and every handler of the actors it may name only reads what
// it gets.
func (r *Result) closedActor(call ssa.CallInstruction) bool {
	if r.closed == nil || r.closed.actors == nil {
		return false
	}
	pid, ok := recipient(r.Model, call)
	if !ok {
		return false
	}
	hs, ok := r.recipientHandlers(pid)
	if !ok {
		return false
	}
	for _, h := range hs {
		if !r.handlerReadsOnly(h) {
			return false
		}
	}
	return true
}

// recipient returns the PID a send call (a Recipient row) addresses.
func recipient(m *model.Model, call ssa.CallInstruction) (ssa.Value, bool) {
	mc, ok := m.Resolve(call.Common())
	if !ok {
		return nil, false
	}
	row, ok := mc.Row(model.Recipient)
	if !ok || len(row.Args) != 1 || mc.Arg(row.Args[0]) == nil {
		return nil, false
	}
	return mc.Arg(row.Args[0]), true
}

// recipientHandlers returns the handlers of the actors the PID pid may
// name: a PID loaded from a confined PID field, or the result of a spawn
// that reaches only the framework's code.
func (r *Result) recipientHandlers(pid ssa.Value) ([]*ssa.Function, bool) {
	var key chanKey
	switch pid := pid.(type) {
	case *ssa.UnOp:
		if cell, ok := pid.X.(*ssa.Alloc); ok && pid.Op == token.MUL {
			hs, ok := r.closed.actors.spawned[cell]
			return hs, ok
		}
		if ia, ok := pid.X.(*ssa.IndexAddr); ok && pid.Op == token.MUL {
			// An element of a PID slice field (appendedSpawns).
			load, ok := ia.X.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				return nil, false
			}
			fa, ok := load.X.(*ssa.FieldAddr)
			if !ok {
				return nil, false
			}
			key, ok := fieldKey(fa.X.Type(), fa.Field)
			if !ok {
				return nil, false
			}
			hs, ok := r.closed.actors.handlers[key]
			return hs, ok
		}
		fa, ok := ssaops.LoadedField(pid)
		if !ok {
			return nil, false
		}
		key, ok = fieldKey(fa.X.Type(), fa.Field)
		if !ok {
			return nil, false
		}
	case *ssa.Field:
		var ok bool
		key, ok = fieldKey(pid.X.Type(), pid.Field)
		if !ok {
			return nil, false
		}
	default:
		hs, ok := r.closed.actors.spawned[pid]
		return hs, ok
	}
	hs, ok := r.closed.actors.handlers[key]
	return hs, ok
}

// handlerReadsOnly reports whether the actor handler fn only reads the
// messages it gets (see the comment at the top of this file), caching the
// answer.
func (r *Result) handlerReadsOnly(fn *ssa.Function) bool {
	as := r.closed.actors
	if c, done := as.decided[fn]; done {
		return c
	}
	if r.flows == nil {
		return false // decided only while the heap analysis runs
	}
	as.decided[fn] = false // a handler sending to its own kind is open while decided
	c := r.readsOnly(fn)
	as.decided[fn] = c
	return c
}

// readsOnly decides handlerReadsOnly.
func (r *Result) readsOnly(fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) < 2 {
		return false
	}
	fl := r.flows.Flow(fn)
	self, ok := fl.Root(0)
	if !ok {
		return false
	}
	ownFields := r.closed.actors.own[receiverNamed(fn)]
	var got taint.LocSet
	var ctxs []ssa.Value
	for _, p := range fn.Params[1:] {
		if !model.IsHandlerContext(p.Type()) {
			continue
		}
		ctxs = append(ctxs, p)
		msgs, ok := r.contextMessages(p, true, maxProducerDepth)
		if !ok {
			return false
		}
		for _, v := range msgs {
			got = append(got, fl.Locs(v)...)
		}
	}
	ok = true
	for _, b := range fn.Blocks {
		fl.Walk(b, func(instr ssa.Instruction, h taint.Heap) bool {
			// What the actor held on entry below its struct is what
			// an earlier message left there, or what its producer
			// shared: written only through its own fields.
			received, own := fl.Reach(h, got, Opaque), ownMemory(fl, h, self, ownFields)
			fl.Reach(h, taint.LocSet{{Obj: self}}, Opaque).Each(func(o taint.ObjID) {
				if !own.Has(o) {
					received.Add(o)
				}
			})
			call, isCall := instr.(ssa.CallInstruction)
			switch {
			case isCall && r.contextCall(call, ctxs):
				ok = r.contextCallReads(fl, h, call, received, own)
			case isCall && r.installsOwnHandler(call, fn):
				// The behaviour is the actor's own memory, and
				// the method bound to the actor reaches only it.
				ok = true
			default:
				ok = r.onlyReads(fl, h, instr, received, nil, false, own)
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// installsOwnHandler reports whether call is a Become row that installs
// a method of fn's receiver into a behaviour field of that receiver
// (behaviours.go): m.behavior.Become(m.busy).
func (r *Result) installsOwnHandler(call ssa.CallInstruction, fn *ssa.Function) bool {
	c, ok := call.(*ssa.Call)
	if !ok || len(fn.Params) == 0 {
		return false
	}
	mc, ok := r.Model.Resolve(c.Common())
	if !ok {
		return false
	}
	fa, ok := mc.Recv.(*ssa.FieldAddr)
	if !ok || fa.X != fn.Params[0] {
		return false
	}
	key, ok := fieldKey(fa.X.Type(), fa.Field)
	if !ok || r.closed.actors.behaviours[key] == nil {
		return false
	}
	_, ok = becomeOn(r.Model, c, fa)
	return ok
}

// contextCall reports whether call is a method of the framework called
// through an interface on one of the handler's contexts ctxs (protoactor's
// c.Message(), c.Send(pid, m)), whose body the analysis does not see.
func (r *Result) contextCall(call ssa.CallInstruction, ctxs []ssa.Value) bool {
	if !call.Common().IsInvoke() {
		return false
	}
	mc, ok := r.Model.Resolve(call.Common())
	return ok && slices.Contains(ctxs, mc.Recv) && ofFramework(mc.Func, mc.Recv.Type())
}

// contextCallReads reports whether a call of the framework's method on
// the handler's context hands on none of what the handler received or
// owns. The framework's context writes no message and hands none to other
// code but through its transfer rows (the README's assumptions); a
// spawn's argument (a producer, or props made from one) reaches the new
// actor, as any other argument may reach code the analysis does not see.
func (r *Result) contextCallReads(fl *taint.Flow, h taint.Heap, call ssa.CallInstruction, received, own taint.ObjSet) bool {
	held := union(received, own)
	if len(held) == 0 {
		return true
	}
	for _, p := range transfer.Points(r.Model, call) {
		if Transferred(fl, h, p.Given).Intersects(held) {
			return false
		}
	}
	for _, a := range call.Common().Args {
		if !model.IsHandlerContext(a.Type()) && Transferred(fl, h, []ssa.Value{a}).Intersects(held) {
			return false
		}
	}
	return true
}

// contextMessages returns the messages the handler context ctx delivers
// (the results of Receive rows called on it), when ctx is only the
// receiver of the framework's methods or an argument of functions of the
// package that use it so in turn and call no Receive row: the messages
// are then all the handler gets, and it gets them itself (top). A
// context stored, captured or passed to code the analysis does not see
// makes the handler open.
func (r *Result) contextMessages(ctx ssa.Value, top bool, depth int) ([]ssa.Value, bool) {
	if depth == 0 {
		return nil, false
	}
	var msgs []ssa.Value
	for _, ref := range *ctx.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			mc, ok := r.Model.Resolve(ref.Common())
			if !ok {
				return nil, false
			}
			if mc.Recv == ctx && ofFramework(mc.Func, ctx.Type()) && !slices.Contains(mc.Args, ctx) {
				if r.isActorInterface(ref.Type()) {
					// The context hands out the actor itself
					// (Hollywood's Context.Receiver), which the
					// handler could then hand on unseen.
					return nil, false
				}
				if _, ok := mc.Row(model.Receive); ok {
					if !top {
						return nil, false
					}
					msgs = append(msgs, ref)
				}
				continue
			}
			callee := ref.Call.StaticCallee()
			if callee == nil || ref.Call.IsInvoke() || !ofPackage(ctx.Parent().Pkg.Pkg, callee) {
				return nil, false
			}
			for j, a := range ref.Call.Args {
				if a != ctx {
					continue
				}
				if _, ok := r.contextMessages(callee.Params[j], false, depth-1); !ok {
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	return msgs, true
}

// ofFramework reports whether fn is declared in the package that declares
// the named type t points to: a method of the framework's own context.
func ofFramework(fn *types.Func, t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && fn.Pkg() != nil && fn.Pkg() == named.Obj().Pkg()
}

// isActorInterface reports whether t is an interface one of whose methods
// an Actor row names: what a producer returns, the actor itself.
func (r *Result) isActorInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := range it.NumMethods() {
		if _, ok := r.Model.Find(it.Method(i), model.Actor); ok {
			return true
		}
	}
	return false
}
