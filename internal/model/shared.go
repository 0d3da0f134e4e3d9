// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/types"
	"regexp"
	"strings"
)

// MarkShared records that the named type path.name is safe to share
// between goroutines: its documentation says it is safe for concurrent
// use, or the user declared it with //psharpvet:shared.
func (m *Model) MarkShared(path, name string) {
	if m.shared == nil {
		m.shared = make(map[[2]string]bool)
	}
	m.shared[[2]string{path, name}] = true
}

// Shareable reports whether values of type t (or of the type t points to)
// may be shared between goroutines without a transfer: the type
// synchronises itself, is a handle to such state, is immutable or safe by
// convention, or is marked shared (MarkShared). A handler context is
// not memory its handler owns: the ownership pass checks that it does not
// outlive the handler instead.
func (m *Model) Shareable(t types.Type) bool {
	return SelfSynchronizing(t) || ConventionallySafe(t) || isHandle(t) || IsHandlerContext(t) || m.marked(t) || m.lockedType(t)
}

// DeclaredShared reports whether t, or the type t points to, is
// documented safe for concurrent use or declared so (MarkShared).
func (m *Model) DeclaredShared(t types.Type) bool { return m.marked(t) }

// marked reports whether t, or the type t points to, is marked shared
// (MarkShared).
func (m *Model) marked(t types.Type) bool {
	path, name, ok := typeName(derefNamed(t))
	return ok && m.shared[[2]string{path, name}]
}

// MarkLocked records that the named type path.name guards its state with
// a lock it holds by pointer and takes in its methods (mu *sync.RWMutex;
// c.mu.Lock()): it synchronises itself, as a type holding the lock by
// value does (SelfSynchronizing), so its values are never transferred;
// unlike a type marked shared, its methods' accesses stay the lockset
// pass's to check.
func (m *Model) MarkLocked(path, name string) {
	if m.locked == nil {
		m.locked = make(map[[2]string]bool)
	}
	m.locked[[2]string{path, name}] = true
}

// lockedType reports whether t, or the type t points to, is marked
// locked (MarkLocked).
func (m *Model) lockedType(t types.Type) bool {
	path, name, ok := typeName(derefNamed(t))
	return ok && m.locked[[2]string{path, name}]
}

// SafeReceiver reports whether the methods of t (or of the type t points
// to) synchronise what they do to their receiver: t is a type of package
// sync or sync/atomic, a handle to such state, safe by convention, or
// marked shared. What such a method reads and writes of its receiver
// (sync.Map's lazy initialisation, a logger's buffers) is never a data
// race, so the heap summaries leave it out; what it does to its other
// arguments ((*os.File).Read fills its buffer) stays.
func (m *Model) SafeReceiver(t types.Type) bool {
	return IsSyncType(derefNamed(t)) || ConventionallySafe(t) || isHandle(t) || m.marked(t)
}

// Exempt reports whether values of type t never carry ownership: t
// reaches no mutable memory or is Shareable.
func (m *Model) Exempt(t types.Type) bool {
	return !ReachesMutable(t) || m.Shareable(t)
}

// isHandle reports whether t (or the type t points to) is a named struct
// whose every field reaching mutable memory points to a type that
// synchronises itself, and that has at least one such field: a handle
// such as type AtomicLevel struct{ l *atomic.Int32 } or type Pool
// struct{ p *sync.Pool }, whose copies all share the synchronised state.
func isHandle(t types.Type) bool {
	t = derefNamed(t)
	if _, named := t.(*types.Named); !named {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	handles := 0
	for f := range st.Fields() {
		switch {
		case !ReachesMutable(f.Type()):
		case SelfSynchronizing(f.Type()):
			handles++
		default:
			return false
		}
	}
	return handles > 0
}

// safeDoc matches documentation that declares a type safe for concurrent
// use ("safe for concurrent use", "safe to use concurrently", "safe for
// use by multiple goroutines", "goroutine-safe", "thread-safe").
var safeDoc = regexp.MustCompile(`(?i)\b(safe (for|to use|to call) (concurrent|concurrently|simultaneous|by multiple goroutines|from multiple goroutines|in multiple goroutines|across goroutines)|safe for (use by )?(multiple|concurrent) goroutines|safe for concurrent|(goroutine|thread|concurrency)[- ]safe)`)

// notSafeDoc matches the negations of safeDoc ("not safe for concurrent
// use", "is not thread-safe", "unsafe for concurrent use").
var notSafeDoc = regexp.MustCompile(`(?i)(\bnot\b|n't\b|\bnever\b|\bunsafe\b)[^.]{0,20}(safe|concurrent)`)

// DocumentsSafe reports whether a type's doc comment says that it is safe
// for concurrent use, and does not say that it is not.
func DocumentsSafe(doc string) bool {
	doc = strings.Join(strings.Fields(doc), " ")
	return safeDoc.MatchString(doc) && !notSafeDoc.MatchString(doc)
}
