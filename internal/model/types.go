// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import "go/types"

// ReachesMutable reports whether a value of type t may reference memory
// that someone else could mutate: pointers, slices, maps, functions
// (closures capture variables), interfaces and unsafe pointers, directly
// or inside structs and arrays. Numbers, booleans, strings, and structs
// and arrays of those are copied in full when sent.
func ReachesMutable(t types.Type) bool {
	return reachesMutable(t, make(map[types.Type]bool))
}

func reachesMutable(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		for f := range u.Fields() {
			if reachesMutable(f.Type(), seen) {
				return true
			}
		}
		return false
	case *types.Array:
		return reachesMutable(u.Elem(), seen)
	case *types.Tuple:
		for v := range u.Variables() {
			if reachesMutable(v.Type(), seen) {
				return true
			}
		}
		return false
	case *types.Chan:
		// A channel synchronises itself; what travels over it is a
		// transfer of its own.
		return false
	case *types.TypeParam:
		// A type parameter may be instantiated with a pointer.
		return true
	default:
		return true
	}
}

// SelfSynchronizing reports whether t is a channel, or holds (directly, in
// a nested struct or array field, or through embedding) a value of a type
// from package sync or sync/atomic, or is a pointer to such a type. Such
// types declare that they are meant to be shared, so the lock or atomic
// discipline (checked by the lockset pass) replaces ownership.
func SelfSynchronizing(t types.Type) bool {
	t = derefNamed(t)
	if _, ok := t.Underlying().(*types.Chan); ok {
		return true
	}
	// An embedded pointer to such a struct counts too: a type such as
	// type Pool struct{ *poolCommon } is a handle to shared state. So
	// does go vet's copylocks marker, a zero-length array of mutexes:
	// a type that asks not to be copied is shared by pointer (generated
	// protobuf messages, whose pragma.DoNotCopy exempts them from
	// ownership; counting them as plain structs adds reports on the
	// actor modules that the corpus has not triaged yet).
	return holds(t, IsSyncType, holdsOpts{embeddedPtrs: true, markers: true}, make(map[types.Type]bool))
}

// IsSyncType reports whether t is a named type of package sync or
// sync/atomic. Loads and stores of such values are not data accesses: the
// values synchronise themselves, and copylocks reports their copies.
func IsSyncType(t types.Type) bool {
	path, _, ok := typeName(t)
	return ok && (path == "sync" || path == "sync/atomic")
}

// IsLock reports whether t, or the type t points to, is a lock
// (sync.Mutex, sync.RWMutex, sync.Locker).
func IsLock(t types.Type) bool {
	return classOf(derefNamed(t)) == LockType
}

// HoldsLock reports whether values of t hold a lock directly, by
// embedding, in a nested struct field, or through a pointer field.
func HoldsLock(t types.Type) bool {
	return holds(t, IsLock, holdsOpts{}, make(map[types.Type]bool))
}

// ConventionallySafe reports whether t (or the type t points to) is one of
// the standard types that are immutable by convention (error,
// context.Context, time.Time, *regexp.Regexp, ...) or documented as safe
// for concurrent use (the standard loggers, net connections, *os.File,
// *http.Client, context.CancelFunc, ...).
func ConventionallySafe(t types.Type) bool {
	c := classOf(derefNamed(t))
	return c == Immutable || c == SafeType || meetsConcurrentContract(derefNamed(t))
}

// meetsConcurrentContract reports whether the named type t implements, by
// its pointer's methods, an interface whose documentation makes every
// implementation safe for concurrent use (concurrentContracts).
func meetsConcurrentContract(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	st, isStruct := n.Underlying().(*types.Struct)
	if !isStruct || n.NumMethods() < minContractMethods && !embeds(st) {
		// Most types: cheap to rule out, and this runs for every type
		// the passes ask about.
		return false
	}
	ptr := types.NewPointer(n)
	for _, contract := range concurrentContracts {
		if hasMethods(ptr, contract.methods) {
			return true
		}
	}
	return false
}

// embeds reports whether st has an embedded field, whose methods a
// type's method set may promote.
func embeds(st *types.Struct) bool {
	for f := range st.Fields() {
		if f.Embedded() {
			return true
		}
	}
	return false
}

// hasMethods reports whether t has each of the methods, with their
// numbers of parameters and results.
func hasMethods(t types.Type, methods []contractMethod) bool {
	for _, m := range methods {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m.name)
		fn, ok := obj.(*types.Func)
		if !ok || !fn.Exported() {
			return false
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != m.params || sig.Results().Len() != m.results {
			return false
		}
	}
	return true
}

// IsImmutable reports whether t (or the type t points to) is a named
// type that is immutable by convention (error, time.Time, an actor
// framework's PID): values of it are never mutated after construction,
// so nothing can be made reachable from them later.
func IsImmutable(t types.Type) bool {
	return classOf(derefNamed(t)) == Immutable
}

// holdsOpts says what holds follows besides nested structs and arrays.
type holdsOpts struct {
	embeddedPtrs bool // embedded pointers
	// markers counts a zero-length array (the copylocks marker
	// [0]sync.Mutex), which holds no value, as holding its element.
	markers bool
}

// holds reports whether t satisfies is, or holds a field (in a nested
// struct or array, or embedded, or as opts says) that does.
func holds(t types.Type, is func(types.Type) bool, opts holdsOpts, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	if is(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for f := range u.Fields() {
			ft := f.Type()
			if p, ok := types.Unalias(ft).(*types.Pointer); ok && opts.embeddedPtrs && f.Embedded() {
				ft = p.Elem()
			}
			if holds(ft, is, opts, seen) {
				return true
			}
		}
	case *types.Array:
		// A zero-length array holds nothing: [0]sync.Mutex is the
		// marker that makes go vet's copylocks report copies
		// (protobuf's pragma.DoNotCopy in every generated message), not
		// a lock.
		return (u.Len() > 0 || opts.markers) && holds(u.Elem(), is, opts, seen)
	}
	return false
}

func classOf(t types.Type) TypeClass {
	path, name, ok := typeName(t)
	if !ok {
		return 0
	}
	key := [2]string{path, name}
	if c, ok := stdTypes[key]; ok {
		return c
	}
	return frameworkTypes[key]
}

// derefNamed returns the type t points to, if t is a pointer, else t,
// without aliases.
func derefNamed(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return types.Unalias(p.Elem())
	}
	return t
}

// typeName returns the import path ("" for the universe) and name of a
// named type.
func typeName(t types.Type) (path, name string, ok bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", "", false
	}
	if pkg := n.Obj().Pkg(); pkg != nil {
		path = pkg.Path()
	}
	return path, n.Obj().Name(), true
}

// IsHandlerFunc reports whether t is a function type that makes the
// functions converted to it entry points (http.HandlerFunc).
func IsHandlerFunc(t types.Type) bool {
	return classOf(types.Unalias(t)) == HandlerFuncType
}

// IsHandlerContext reports whether t, or the type t points to, is a
// context an actor framework lends to one call of a handler and reuses for
// the next message.
func IsHandlerContext(t types.Type) bool {
	return classOf(derefNamed(t)) == HandlerContext
}
