// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ssaops classifies SSA instructions the way the passes' heap
// reasoning needs.
package ssaops

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Alias returns the operand whose memory instr's value refers to, for the
// instructions that only view the same memory differently: a field or
// element of a value in a register, a slice of it, a conversion, a type
// assertion, a boxing into an interface, or an element of a tuple. Address
// arithmetic (FieldAddr, IndexAddr) is not included: it moves within the
// memory, which the heap analysis tracks by field path.
func Alias(instr ssa.Instruction) (ssa.Value, bool) {
	switch i := instr.(type) {
	case *ssa.Field:
		return i.X, true
	case *ssa.Index:
		return i.X, true
	case *ssa.Slice:
		return i.X, true
	case *ssa.MakeInterface:
		return i.X, true
	case *ssa.ChangeInterface:
		return i.X, true
	case *ssa.ChangeType:
		return i.X, true
	case *ssa.TypeAssert:
		return i.X, true
	case *ssa.SliceToArrayPointer:
		return i.X, true
	case *ssa.MultiConvert:
		return i.X, true
	case *ssa.Extract:
		return i.Tuple, true
	case *ssa.Convert:
		// *T to unsafe.Pointer, and back to *U: the same memory. Other
		// conversions (numbers, strings to and from bytes) make values.
		if isPointerWord(i.X.Type()) && isPointerWord(i.Type()) {
			return i.X, true
		}
	}
	return nil, false
}

// isPointerWord reports whether t is a pointer or unsafe.Pointer.
func isPointerWord(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// StoresResult reports whether instr stores the value of call, perhaps
// converted (t.timer = time.AfterFunc(d, f)).
func StoresResult(instr ssa.Instruction, call ssa.Instruction) bool {
	st, ok := instr.(*ssa.Store)
	c, isCall := call.(*ssa.Call)
	if !ok || !isCall {
		return false
	}
	for v := st.Val; v != c; {
		vi, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		if v, ok = Alias(vi); !ok {
			return false
		}
	}
	return true
}

// ZeroCap reports whether v is a slice with no capacity: nil, or a slice
// expression with a constant zero maximum (s[:0:0]). Appending to one
// always allocates a new array, so the result shares nothing with s.
func ZeroCap(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Slice:
		k, ok := v.Max.(*ssa.Const)
		return ok && k.Value != nil && k.Int64() == 0
	}
	return false
}

// SelfStore reports whether a store writes back the value just loaded from
// its own address, with nothing in between that could write: what
// `return x, y` compiles to for named results x and y (x = x). The compiler
// drops such a store, so it is not a write. Between the load and the store,
// `return ctx, cancel, &T{…}` also stores into the other results and into
// the new object; a store elsewhere cannot write the variable when the
// function only loads, stores and captures it (no pointer to it is held
// but its own), and no call runs in between (a closure that captured it).
func SelfStore(s *ssa.Store) bool {
	ld, ok := s.Val.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.X != s.Addr || ld.Block() != s.Block() {
		return false
	}
	instrs := s.Block().Instrs
	i := slices.Index(instrs, ssa.Instruction(ld))
	j := slices.Index(instrs, ssa.Instruction(s))
	if i < 0 || j < i {
		return false
	}
	unaliased := false // unaliasedLocal(s.Addr), asked at the first store in between
	for _, in := range instrs[i+1 : j] {
		switch in := in.(type) {
		case *ssa.Store:
			if in.Addr == s.Addr {
				return false
			}
			if !unaliased {
				if !unaliasedLocal(s.Addr) {
					return false
				}
				unaliased = true
			}
		case *ssa.Call:
			if !pureBuiltin(in.Call) {
				return false
			}
		case *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.MapUpdate:
			return false
		}
	}
	return true
}

// unaliasedLocal reports whether addr is a local variable that its
// function only loads, stores and hands to the closures that capture it:
// no other pointer to it exists there.
func unaliasedLocal(addr ssa.Value) bool {
	_, local := addr.(*ssa.Alloc)
	return local && onlyUses(addr, true, func(*ssa.MakeClosure) bool { return true })
}

// pureBuiltin reports whether call is a call of a builtin that writes
// nothing: `return xs, len(xs) == n` measures xs between the load and the
// store of its self-assignment.
func pureBuiltin(call ssa.CallCommon) bool {
	b, ok := call.Value.(*ssa.Builtin)
	if !ok {
		return false
	}
	switch b.Name() {
	case "len", "cap", "min", "max", "real", "imag", "complex":
		return true
	}
	return false
}

// StoredOnce returns the value of the only store into the local variable
// a, or nil if a is stored into more than once or never: for a variable a
// parameter or captured variable was moved to (because a function literal
// captures it), that parameter.
func StoredOnce(a *ssa.Alloc) ssa.Value {
	var v ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if v != nil {
				return nil
			}
			v = st.Val
		}
	}
	return v
}

// ReceivedOnly reports whether the channel v is only received from:
// every use receives from it (a receive, a receiving case of a select),
// compares it, or converts it to a channel only received from in turn; a
// receive-only channel is so by its type. Nothing sends on it, closes it
// or hands it on.
func ReceivedOnly(v ssa.Value) bool {
	if ch, ok := v.Type().Underlying().(*types.Chan); ok && ch.Dir() == types.RecvOnly {
		return true
	}
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.ARROW {
				return false
			}
		case *ssa.Select:
			for _, s := range r.States {
				if s.Chan == v && s.Dir != types.RecvOnly {
					return false
				}
			}
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ {
				return false
			}
		case *ssa.ChangeType:
			if !ReceivedOnly(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// Unconverted strips the conversions that change only a type's name or a
// channel's direction (ChangeType) off v.
func Unconverted(v ssa.Value) ssa.Value {
	for range 4 {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			break
		}
		v = ct.X
	}
	return v
}

// Unboxed returns the value v converts, through the conversions that keep
// its dynamic type: to an interface (MakeInterface, ChangeInterface), and
// those that change only a type's name, a channel's direction, or between
// a type parameter and its argument (ChangeType: an instance of a generic
// function passes its arguments to the generic body so).
func Unboxed(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// LoadedField returns the field address v loads from, when v is a load
// of a struct field (*x.f).
func LoadedField(v ssa.Value) (*ssa.FieldAddr, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	return fa, ok
}

// ForUses calls f with each instruction that uses v, or a conversion of
// v's channel direction (ChangeType), and the value it uses.
func ForUses(v ssa.Value, f func(x ssa.Value, ref ssa.Instruction)) {
	seen := map[ssa.Value]bool{v: true}
	work := []ssa.Value{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		refs := x.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			if ct, ok := ref.(*ssa.ChangeType); ok {
				if !seen[ct] {
					seen[ct] = true
					work = append(work, ct)
				}
				continue
			}
			f(x, ref)
		}
	}
}

// IsTrue reports whether v is the constant true.
func IsTrue(v ssa.Value) bool { return isBoolConst(v, true) }

// IsFalse reports whether v is the constant false.
func IsFalse(v ssa.Value) bool { return isBoolConst(v, false) }

// isBoolConst reports whether v is the boolean constant b.
func isBoolConst(v ssa.Value, b bool) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) == b
}

// ClosedChan returns the channel a call of the builtin close closes, or
// nil.
func ClosedChan(c *ssa.CallCommon) ssa.Value {
	if b, ok := c.Value.(*ssa.Builtin); ok && b.Name() == "close" && len(c.Args) == 1 {
		return c.Args[0]
	}
	return nil
}

// PointerFree reports whether a value of type t holds no reference to
// memory that may be written (strings are immutable): what is loaded or
// copied of such a type shares nothing with where it came from.
func PointerFree(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Array:
		return PointerFree(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if !PointerFree(u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Tuple:
		for i := range u.Len() {
			if !PointerFree(u.At(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}
