// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/passes/concur"
)

// This file answers, for a struct type of the package being analysed,
// whether code outside the package can address any object of it. The
// strict reading distrusts an exported field because a package outside
// the build may write it; but to write a field of an object, code must
// hold the object's address. An object of type T is made by the package
// (&T{}, new(T), a variable whose address is taken) and reached through
// *T values. When no *T value, nor any value that may lead to one, ever
// crosses the package's boundary (in or out), and the package never
// takes the address of a T held inside other memory (a field, an
// element) nor hands out the address of a field of one, the only code
// that can address a T object the package reads through a *T is the
// package's own, whose writes the facts record. Code elsewhere may still
// write its own T values, or T values the package copied out into slices
// it returns (raft's Result.Logs); those are other objects.
//
// The boundary, checked on the package's own functions (those the source
// declares, their literals and the package initialiser):
//   - the parameters and results of its exported functions and of every
//     method with an exported name (a value of an unexported type may
//     leave as an interface; but not the results of a function that
//     returns only after joining every goroutine its call started, see
//     afterjoins.go), and such a method's receiver, which code
//     outside may have made itself, setting the exported fields; a
//     parameter that is a *T, and the receiver of a method of an
//     exported T, which code outside may make (&pkg.T{}), count as long
//     as the function may keep it beyond the call (keeps): a *T that is
//     only read, compared, or passed to functions of the package that do
//     no more (Less(o *Ballot)) becomes no memory the package holds;
//   - its exported package-level variables;
//   - every call whose callee may lie outside the package (a static
//     callee of another package, an interface method, a function value
//     the package did not make): what it is given and what it returns,
//     but for the model's Copies rows, which return a shallow copy of
//     their argument and keep nothing (slices.Clone), and for sends a
//     caller's Delivers hands to the package's own actors (delivered.go);
//     an interface that comes in, as a result or as an interface
//     parameter of an exported function, counts as that *T parameter
//     would when the package only asserts it (onlyAssertedUnkept);
//   - another package's variables, loaded or stored;
//   - panic and recover;
//   - a conversion that changes a type that may lead to a *target into
//     one that may not ((*U)(p) for a struct U of T's underlying type).
//
// "May lead to a *T" is by type (refs): pointers, slices, arrays, maps,
// channels and the struct fields code outside can name (exported, or
// promoted from an embedded field) are followed, since code outside
// reaches the others only through the package's methods, which are
// boundaries themselves; what the package itself reaches (holds)
// follows every field. An interface may hold a *T when the package
// converts a value that may lead to one to an interface or asserts one
// out of an interface: one the package hands out only if such a
// converted type implements it (boxed), one that comes in if a type the
// package asserts to, or one of its own types, does (carriers). A
// function value may when the package binds such a value in a closure,
// or when its signature carries one; a type parameter always may.
// Assumed, as for the rest of the strict reading: no unsafe in the
// package (which the caller checks), no reflection reaching it but
// through calls (which are boundary calls), no //go:linkname into it.

// confined reports whether no code outside the package can address an
// object of the named struct n, a type of the package analysed (see the
// file comment). It is false for any other type, a generic type, and
// for the zero Result.
func (r *Result) confined(n *types.Named) bool { return r.confinedWith(n, nil) }

// confinedWith is confined, with the sends delivers accepts, if it is not
// nil, handing their messages to the package's own code (delivered.go).
func (r *Result) confinedWith(n *types.Named, delivers Delivers) bool {
	if r.pass == nil || n.Obj().Pkg() != r.pass.Pkg || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
		return false
	}
	return r.confinedBy(boundaryKey{target: n, delivered: delivers != nil}, delivers)
}

// boundaryKey is one question to boundary: whether no address (or, by
// value, no value either) of a struct crosses the package's boundary.
type boundaryKey struct {
	target  *types.Named
	byValue bool
	// delivered says the check takes the sends the caller's Delivers
	// accepts as handing their messages to the package's own code.
	delivered bool
}

// confinedBy answers k with a boundary check, memoised; delivers is the
// caller's Delivers when k.delivered.
func (r *Result) confinedBy(k boundaryKey, delivers Delivers) bool {
	if c, ok := r.confinedMemo[k]; ok {
		return c
	}
	ssainfo, _ := r.pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	m, _ := r.pass.ResultOf[concur.Analyzer].(*model.Model)
	c := false
	if ssainfo != nil && m != nil {
		b := &boundary{target: k.target, pkg: ssainfo.Pkg, model: m, funcs: r.packageCode(ssainfo), byValue: k.byValue, delivers: delivers}
		c = b.confined()
	}
	if r.confinedMemo == nil {
		r.confinedMemo = make(map[boundaryKey]bool)
	}
	r.confinedMemo[k] = c
	return c
}

// packageCode returns packageFuncs of the package, built once.
func (r *Result) packageCode(ssainfo *buildssa.SSA) []*ssa.Function {
	if r.code == nil {
		r.code = packageFuncs(ssainfo)
	}
	return r.code
}

// packageFuncs returns the functions whose code is the package's: the
// source functions with their literals, and the package initialiser with
// its literals (package-level variables' initial values).
func packageFuncs(ssainfo *buildssa.SSA) []*ssa.Function {
	funcs := append([]*ssa.Function(nil), ssainfo.SrcFuncs...)
	var addAnons func(fn *ssa.Function)
	addAnons = func(fn *ssa.Function) {
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			addAnons(anon)
		}
	}
	if init := ssainfo.Pkg.Func("init"); init != nil {
		addAnons(init)
	}
	return funcs
}

// boundary checks the confinement of one struct type.
type boundary struct {
	target *types.Named
	pkg    *ssa.Package
	model  *model.Model
	funcs  []*ssa.Function
	// inIface and inFunc say that an interface value, or a function
	// value whatever its signature, may lead to a *target.
	inIface, inFunc bool
	// boxed are the types of the values that may lead to a *target and
	// that the package converts to an interface: an interface value the
	// package hands out holds such a value only if its dynamic type is
	// one of them that implements the interface (what code outside
	// boxed came from there, and holds a *target only if one crossed).
	boxed []types.Type
	// delivers, when not nil, says which sends hand their message to
	// the package's own code (Delivers).
	delivers Delivers
	// carriers are the types that may lead to a *target and that an
	// interface value coming from outside could hold for the package to
	// find: the types the package asserts interfaces to, and its own
	// named types (and pointers to them). An interface type none of
	// them implements brings in no *target the package can reach.
	carriers []types.Type
	// anyCarrier says that the package asserts an interface to another
	// interface type that may lead to a *target: any dynamic type may
	// then be one.
	anyCarrier bool
	// judgingInbound says refs is judging a value that comes from
	// outside the package (inbound).
	judgingInbound bool
	// judgingHeld says refs is judging what the package's own code can
	// reach from a value (holds), through every field of its structs.
	judgingHeld bool
	// byValue says that a target value itself, not only a *target,
	// counts as leading to a target (valuesConfined): the question is
	// then whether code outside can see any target object's fields at
	// all, not whether it can address one.
	byValue bool
	// memo memoises refs; carriers are settled before any inbound
	// judgement is made.
	memo map[refsKey]bool
	// keepsMemo memoises keeps; keepsActive holds the questions being
	// answered, and keepsAssumed says that an answer being computed
	// assumed one of them no.
	keepsMemo, keepsActive map[keepsKey]bool
	keepsAssumed           bool
}

// confined runs the checks of the file comment.
func (b *boundary) confined() bool {
	b.settleIndirections()
	for _, mem := range b.pkg.Members {
		if g, ok := mem.(*ssa.Global); ok && g.Object() != nil && g.Object().Exported() && b.refs(g.Type()) {
			return false
		}
	}
	for _, fn := range b.funcs {
		if b.exported(fn) && b.signatureCrosses(fn) {
			return false
		}
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if b.crosses(instr) {
					return false
				}
			}
		}
	}
	return true
}

// settleIndirections computes inIface, inFunc, boxed and anyCarrier:
// each may make the others grow (a closure boxed in an interface, an
// interface bound in a closure), so they are recomputed until none
// changes. The memo of refs is dropped on every round, as its answers
// depend on them; the last round, which changes nothing, leaves a memo
// that holds. Its assertions, and the package's types that may lead to
// a *target, are the carriers.
func (b *boundary) settleIndirections() {
	for {
		b.memo = nil
		iface, fn, anyCarrier := b.inIface, b.inFunc, b.anyCarrier
		var boxed, asserted []types.Type
		for _, f := range b.funcs {
			for _, blk := range f.Blocks {
				for _, instr := range blk.Instrs {
					switch i := instr.(type) {
					case *ssa.MakeInterface:
						if b.refs(i.X.Type()) {
							iface = true
							boxed = append(boxed, i.X.Type())
						}
					case *ssa.TypeAssert:
						if b.refs(i.AssertedType) {
							iface = true
							anyCarrier = anyCarrier || types.IsInterface(i.AssertedType)
							asserted = append(asserted, i.AssertedType)
						}
					case *ssa.MakeClosure:
						for _, bound := range i.Bindings {
							fn = fn || b.refs(bound.Type())
						}
					}
				}
			}
		}
		if iface == b.inIface && fn == b.inFunc && anyCarrier == b.anyCarrier && len(boxed) == len(b.boxed) {
			b.carriers = asserted
			break
		}
		b.inIface, b.inFunc, b.anyCarrier, b.boxed = iface, fn, anyCarrier, boxed
	}
	scope := b.pkg.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
				for _, t := range []types.Type{n, types.NewPointer(n)} {
					if b.refs(t) {
						b.carriers = append(b.carriers, t)
					}
				}
			}
		}
	}
}

// inbound reports whether a value of type t that code outside the
// package hands to it may lead to a *target: as refs, but an interface
// only if one of the carriers may be its dynamic type.
func (b *boundary) inbound(t types.Type) bool {
	b.judgingInbound = true
	defer func() { b.judgingInbound = false }()
	return b.refs(t)
}

// mayCarry reports whether a value of interface type iface may hold a
// *target: a carrier when it comes from outside (inbound), a boxed type
// when the package holds it.
func (b *boundary) mayCarry(iface *types.Interface) bool {
	if !b.inIface {
		return false
	}
	if b.anyCarrier || b.judgingInbound && iface.Empty() {
		return true
	}
	if !b.judgingInbound {
		for _, t := range b.boxed {
			if _, isParam := types.Unalias(t).(*types.TypeParam); isParam || types.Implements(t, iface) {
				return true
			}
		}
		return false
	}
	for _, c := range b.carriers {
		if types.Implements(c, iface) {
			return true
		}
	}
	return false
}

// exported reports whether code outside the package may call fn by name:
// an exported package-level function, or a method with an exported name.
func (b *boundary) exported(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && obj.Exported()
}

// signatureCrosses reports whether a call of fn, an exported function or
// a method with an exported name, from outside the package may hand it,
// or get from it, a *target.
//
// A *target that code outside hands in as a parameter is an object that
// code may write; it crosses into the package's memory only if fn keeps
// it beyond the call (keeps). One that fn only reads, compares or passes
// to functions of the package that do no more (Less(o *Ballot)) is not
// memory the package reads through a *target later. The receiver of a
// method of an exported target is such a parameter too: code outside may
// make one (&pkg.T{}) and call the method, which may keep it.
func (b *boundary) signatureCrosses(fn *ssa.Function) bool {
	sig := fn.Signature
	if recv := sig.Recv(); recv != nil && b.byValue && b.refs(recv.Type()) {
		// Code outside that made the receiver reads, through
		// reflection, whatever the method stores into it.
		return true
	}
	if recv := sig.Recv(); recv != nil && b.madeOutside(recv.Type()) {
		return true
	}
	first := 0 // the index in fn.Params of the first declared parameter
	if recv := sig.Recv(); recv != nil {
		if !b.byValue && b.target.Obj().Exported() && b.isTargetPtr(recv.Type()) && b.keeps(fn, 0) {
			return true
		}
		first = 1
	}
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if !b.inbound(t) {
			continue
		}
		if !b.byValue && b.isTargetPtr(t) && !b.keeps(fn, first+i) {
			continue
		}
		if types.IsInterface(t) && first+i < len(fn.Params) && b.onlyAssertedUnkept(fn.Params[first+i]) {
			continue // asserted, as a call's result would be
		}
		return true
	}
	// Results handed over only after every goroutine the call started
	// was joined reach no code of the package any more (afterjoins.go).
	return b.refs(sig.Results()) && !b.returnsAfterJoins(fn)
}

// madeOutside reports whether a receiver of type t that code outside the
// package made itself may lead to a *target. Of a struct of the package,
// that code can set only the exported fields (a receiver the package made
// reached it across another boundary); any other type it may fill at will.
func (b *boundary) madeOutside(t types.Type) bool {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != b.pkg.Pkg {
		return b.inbound(t)
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return b.inbound(n.Underlying())
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Exported() && b.inbound(f.Type()) {
			return true
		}
	}
	return false
}

// crosses reports whether instr may move a *target across the package's
// boundary, or take the address of memory a *target does not own.
func (b *boundary) crosses(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case ssa.CallInstruction:
		if b.callCrosses(instr, i.Common()) {
			return true
		}
	case *ssa.Panic:
		if b.valueRefs(i.X) {
			return true
		}
	case *ssa.ChangeType:
		if b.holds(i.X.Type()) && !b.holds(i.Type()) {
			return true // (*U)(p), for a U of T's underlying type
		}
	case *ssa.Convert:
		if b.holds(i.X.Type()) && !b.holds(i.Type()) {
			return true
		}
	case *ssa.FieldAddr:
		if b.byValue {
			break // addresses matter only to writers
		}
		if b.isTargetPtr(i.Type()) && !onlyStored(i) {
			return true // a T inside another struct
		}
		if b.isTargetPtr(i.X.Type()) && !onlyAccessed(i) {
			return true // the address of a field of a T handed on
		}
	case *ssa.IndexAddr:
		if !b.byValue && b.isTargetPtr(i.Type()) && !onlyStored(i) {
			return true // a T inside an array
		}
	}
	for _, op := range instr.Operands(nil) {
		if g, ok := (*op).(*ssa.Global); ok && g.Pkg != b.pkg && b.refs(g.Type()) {
			return true
		}
	}
	return false
}

// callCrosses reports whether the call c, made by instr, may hand a
// *target to code outside the package or get one from it.
func (b *boundary) callCrosses(instr ssa.Instruction, c *ssa.CallCommon) bool {
	if builtin, ok := c.Value.(*ssa.Builtin); ok {
		// Builtins run the package's own operations, but recover
		// returns what a panic of any code gave.
		call, isCall := instr.(*ssa.Call)
		return builtin.Name() == "recover" && isCall && b.inbound(call.Type())
	}
	if !c.IsInvoke() && b.inPackage(c.Value) {
		return false
	}
	if rc, ok := b.model.Resolve(c); ok {
		if _, copies := rc.Row(model.Copies); copies {
			return false // a shallow copy of the argument, kept by no one
		}
	}
	if c.IsInvoke() && b.valueRefs(c.Value) {
		return true
	}
	if call, ok := instr.(ssa.CallInstruction); ok && b.delivers != nil && b.delivers(call) {
		return false // its message reaches the package's own handlers
	}
	for _, arg := range c.Args {
		if b.valueRefs(arg) {
			return true
		}
	}
	if call, ok := instr.(*ssa.Call); ok && b.inbound(call.Type()) && !b.onlyAssertedUnkept(call) {
		return true
	}
	return false
}

// onlyAssertedUnkept reports whether the value v, which code outside the
// package returned, brings in no *target that the package keeps: it is
// only asserted to types that lead to none, or to a *target that the
// package does not keep beyond the function (keeps), as a parameter
// would be; a result of several values is judged value by value. An
// assertion to any other type that may lead to a *target, or any other
// use of v, brings it in. A question by value (valuesConfined) takes no
// such value as unkept: code outside reads the fields of its own objects.
func (b *boundary) onlyAssertedUnkept(v ssa.Value) bool {
	if b.byValue {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Extract:
			if b.inbound(r.Type()) && !b.onlyAssertedUnkept(r) {
				return false
			}
		case *ssa.TypeAssert:
			if !b.refs(r.AssertedType) {
				continue
			}
			if !b.isTargetPtr(r.AssertedType) {
				return false
			}
			if !r.CommaOk {
				if b.usesKeep(r) {
					return false
				}
				continue
			}
			for _, use := range *r.Referrers() {
				if x, ok := use.(*ssa.Extract); !ok || x.Index == 0 && b.usesKeep(x) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// inPackage reports whether the callee v, a function value, is code of
// the package: a function or method it declares, or a closure of one.
func (b *boundary) inPackage(v ssa.Value) bool {
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	fn, ok := v.(*ssa.Function)
	if !ok {
		return false
	}
	if fn.Pkg == b.pkg {
		return true
	}
	obj := fn.Object()
	return obj != nil && obj.Pkg() == b.pkg.Pkg
}

// valueRefs reports whether the value v may lead to a *target: by its
// type, but for an interface made from a value of another type, and for
// the slice of boxed values a variadic call is given (fmt.Sprintf's
// arguments), judged by what is stored into it.
func (b *boundary) valueRefs(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return false
	case *ssa.MakeInterface:
		return b.refs(v.X.Type())
	case *ssa.ChangeInterface:
		// The same dynamic value, seen through another interface.
		return b.valueRefs(v.X)
	case *ssa.Call:
		if _, builtin := v.Call.Value.(*ssa.Builtin); !builtin && !v.Call.IsInvoke() && v.Call.StaticCallee() != nil && !b.inPackage(v.Call.Value) {
			// What code outside returned, handed back: it leads to a
			// *target only if it came in with one.
			return b.inbound(v.Type())
		}
	case *ssa.Slice:
		if alloc, ok := v.X.(*ssa.Alloc); ok {
			if stored, ok := storedElems(alloc); ok {
				for _, s := range stored {
					if b.valueRefs(s) {
						return true
					}
				}
				return false
			}
		}
	}
	return b.refs(v.Type())
}

// storedElems returns the values stored into the elements of the array
// alloc, when it is used only for that and to be sliced (a variadic
// call's arguments); ok is false otherwise.
func storedElems(alloc *ssa.Alloc) (stored []ssa.Value, ok bool) {
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Slice, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, use := range *r.Referrers() {
				st, isStore := use.(*ssa.Store)
				if !isStore || st.Addr != r {
					return nil, false
				}
				stored = append(stored, st.Val)
			}
		default:
			return nil, false
		}
	}
	return stored, true
}

// onlyAccessed reports whether the address addr, of memory inside an
// object, is only loaded from, stored to, or used to address memory
// further inside that is itself only accessed so: it is never handed on.
func onlyAccessed(addr ssa.Value) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if r.Addr != addr {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyAccessed(r) {
				return false
			}
		case *ssa.IndexAddr:
			if r.X != addr || !onlyAccessed(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyStored reports whether the address addr is only stored to, as a
// whole: a T copied into an array or a struct (append's operands, an
// element set), which the package then reaches as no *T.
func onlyStored(addr ssa.Value) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != addr {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isTargetPtr reports whether t is *target.
func (b *boundary) isTargetPtr(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok && types.Identical(p.Elem(), b.target)
}

// holds reports whether the package's own code may reach a *target from
// a value of type t: as refs, but through every field of the package's
// structs, not only those that code outside can name.
func (b *boundary) holds(t types.Type) bool {
	outer := b.judgingHeld
	b.judgingHeld = true
	defer func() { b.judgingHeld = outer }()
	return b.refs(t)
}

// refs reports whether a value of type t may lead to a *target.
func (b *boundary) refs(t types.Type) bool {
	k := refsKey{t, b.judgingInbound, b.judgingHeld, b.inIface, b.inFunc}
	if r, ok := b.memo[k]; ok {
		return r
	}
	r := b.refsSeen(t, make(map[types.Type]bool))
	if b.memo == nil {
		b.memo = make(map[refsKey]bool)
	}
	b.memo[k] = r
	return r
}

// refsKey is what refs's answer depends on.
type refsKey struct {
	t                              types.Type
	inbound, held, inIface, inFunc bool
}

// refsSeen is refs; seen holds the named types being followed further
// up, which add nothing new when met again.
func (b *boundary) refsSeen(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if b.byValue && types.Identical(u, b.target) {
			return true
		}
		if seen[u] {
			return false
		}
		seen[u] = true
		if u.Obj().Pkg() != nil && (u.Obj().Pkg() != b.pkg.Pkg || !b.byValue && !b.judgingHeld) {
			return b.nameableRefs(u, seen)
		}
		return b.refsSeen(u.Underlying(), seen)
	case *types.Basic:
		return false
	case *types.Pointer:
		return types.Identical(u.Elem(), b.target) || b.refsSeen(u.Elem(), seen)
	case *types.Slice:
		return b.refsSeen(u.Elem(), seen)
	case *types.Array:
		return b.refsSeen(u.Elem(), seen)
	case *types.Chan:
		return b.refsSeen(u.Elem(), seen)
	case *types.Map:
		return b.refsSeen(u.Key(), seen) || b.refsSeen(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if b.refsSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Tuple:
		for i := range u.Len() {
			if b.refsSeen(u.At(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Interface:
		return b.mayCarry(u)
	case *types.Signature:
		return b.inFunc || b.refsSeen(u.Params(), seen) || b.refsSeen(u.Results(), seen)
	}
	return true // a type parameter: anything
}

// nameableRefs reports whether a value of the named type n may lead code
// outside the package to a *target. Of a struct, only the fields that
// code can name count: the exported ones, and those of an embedded field,
// which are promoted. Of another package's struct, the package can store
// into the others only through calls, which are boundary calls, and code
// outside holds a *target only if one crossed a boundary. Of the
// package's own struct, code outside that holds one can reach the others
// only through the methods with exported names, whose parameters and
// results, and the calls in whose bodies, are boundaries themselves; not
// through reflection, which cannot write what an unexported field leads
// to. A type argument that may lead to one counts, as a generic
// container's unexported fields hold its values.
func (b *boundary) nameableRefs(n *types.Named, seen map[types.Type]bool) bool {
	for t := range n.TypeArgs().Types() {
		if b.refsSeen(t, seen) {
			return true
		}
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return b.refsSeen(n.Underlying(), seen)
	}
	for i := range st.NumFields() {
		if f := st.Field(i); (f.Exported() || f.Embedded()) && b.refsSeen(f.Type(), seen) {
			return true
		}
	}
	return false
}

// keeps reports whether fn may keep its i-th parameter (fn.Params, the
// receiver first), a *target, beyond the call: whether anything but
// loads of its fields' plain values, stores of plain values into its
// fields, comparisons and passing it to a function of the package that
// does no more is done with it. A function without a body, or with
// more parameters than its signature (a closure's free variables are
// not parameters), keeps it.
func (b *boundary) keeps(fn *ssa.Function, i int) bool {
	if fn.Blocks == nil || i >= len(fn.Params) {
		return true
	}
	k := keepsKey{fn, i}
	if kept, ok := b.keepsMemo[k]; ok {
		return kept
	}
	if b.keepsActive[k] {
		// A recursive call passes the parameter on to a function being
		// judged: it keeps it only if another use does. A "no" that
		// rests on this assumption holds only once the outermost
		// question is answered no.
		b.keepsAssumed = true
		return false
	}
	if b.keepsMemo == nil {
		b.keepsMemo, b.keepsActive = make(map[keepsKey]bool), make(map[keepsKey]bool)
	}
	outer := b.keepsAssumed
	b.keepsAssumed = false
	b.keepsActive[k] = true
	kept := b.usesKeep(fn.Params[i])
	delete(b.keepsActive, k)
	if kept || !b.keepsAssumed || len(b.keepsActive) == 0 {
		b.keepsMemo[k] = kept
	}
	b.keepsAssumed = outer || b.keepsAssumed
	return kept
}

// keepsKey is one question to keeps.
type keepsKey struct {
	fn *ssa.Function
	i  int
}

// usesKeep reports whether some use of v, a *target, may keep it (keeps).
func (b *boundary) usesKeep(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if !b.plainAccess(r) {
				return true
			}
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ {
				return true
			}
		case *ssa.UnOp:
			// *v copies the value; what it holds may lead back.
			if r.Op != token.MUL || b.holds(r.Type()) {
				return true
			}
		case *ssa.MakeInterface:
			if !b.onlyDelivered(r) {
				return true
			}
		case *ssa.Call:
			c := r.Common()
			callee := c.StaticCallee()
			if c.IsInvoke() || c.Value == v || callee == nil || !b.inPackage(callee) {
				return true
			}
			for j, arg := range c.Args {
				if arg == v && b.keeps(callee, j) {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// plainAccess reports whether addr, the address of a field of a *target
// parameter, is only loaded from and stored to with values that lead to
// no *target, or addresses a field further inside that is.
func (b *boundary) plainAccess(addr *ssa.FieldAddr) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL || b.holds(r.Type()) {
				return false
			}
		case *ssa.Store:
			if r.Addr != addr || b.holds(r.Val.Type()) {
				return false
			}
		case *ssa.FieldAddr:
			if !b.plainAccess(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
