// Package typeclass decides which Go types can carry ownership.
//
// Ownership matters only for memory that two goroutines could both reach
// and mutate. A value whose type reaches no mutable memory is copied when
// it is sent; a value of a type that synchronises itself (it holds a sync
// or sync/atomic value, or it is a channel) is designed to be shared; and a
// few standard types are immutable by convention. None of those are
// transferred, and uses of them are never ownership violations.
package typeclass

import (
	"go/types"
)

// Exempt reports whether values of type t never carry ownership: t reaches
// no mutable memory, synchronises itself, or is conventionally immutable.
func Exempt(t types.Type) bool {
	return !ReachesMutable(t) || SelfSynchronizing(t) || ConventionallyImmutable(t)
}

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
		for i := 0; i < u.NumFields(); i++ {
			if reachesMutable(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Array:
		return reachesMutable(u.Elem(), seen)
	case *types.Tuple:
		for i := 0; i < u.Len(); i++ {
			if reachesMutable(u.At(i).Type(), seen) {
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
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).Underlying().(*types.Chan); ok {
		return true
	}
	return holdsSync(t, make(map[types.Type]bool))
}

func holdsSync(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := t.(*types.Named); ok {
		if pkg := n.Obj().Pkg(); pkg != nil && (pkg.Path() == "sync" || pkg.Path() == "sync/atomic") {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsSync(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Array:
		return holdsSync(u.Elem(), seen)
	}
	return false
}

// immutableTypes lists standard types whose values are conventionally never
// mutated after construction, keyed by package path and type name.
var immutableTypes = map[[2]string]bool{
	{"", "error"}:             true,
	{"context", "Context"}:    true,
	{"time", "Time"}:          true,
	{"time", "Location"}:      true,
	{"time", "Duration"}:      true,
	{"reflect", "Type"}:       true,
	{"log/slog", "Logger"}:    true,
	{"log", "Logger"}:         true,
	{"net/netip", "Addr"}:     true,
	{"net/netip", "AddrPort"}: true,
	{"net/netip", "Prefix"}:   true,
	{"regexp", "Regexp"}:      true,
	// Documented as safe for concurrent use by multiple goroutines.
	{"net", "Conn"}:                true,
	{"net", "PacketConn"}:          true,
	{"net", "Listener"}:            true,
	{"net", "TCPConn"}:             true,
	{"net", "UDPConn"}:             true,
	{"net", "UnixConn"}:            true,
	{"net", "IPConn"}:              true,
	{"net", "TCPListener"}:         true,
	{"net", "UnixListener"}:        true,
	{"os", "File"}:                 true,
	{"net/http", "Client"}:         true,
	{"strings", "Replacer"}:        true,
	{"context", "CancelFunc"}:      true,
	{"context", "CancelCauseFunc"}: true,
}

// ConventionallyImmutable reports whether t (or the type t points to) is
// one of the standard types that are immutable by convention (error,
// context.Context, time.Time and *time.Location, reflect.Type,
// *regexp.Regexp, netip addresses) or documented as safe for concurrent
// use (the standard loggers, net connections and listeners, *os.File,
// *http.Client, *strings.Replacer, context.CancelFunc).
func ConventionallyImmutable(t types.Type) bool {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	path := ""
	if pkg := n.Obj().Pkg(); pkg != nil {
		path = pkg.Path()
	}
	return immutableTypes[[2]string{path, n.Obj().Name()}]
}
