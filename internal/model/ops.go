// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// RowsOfKind returns the model's rows of kind k, sorted by function name
// so that callers iterating them behave the same from run to run.
func (m *Model) RowsOfKind(k Kind) []Row {
	if m == nil {
		return nil
	}
	var out []Row
	for _, rows := range m.rows {
		for _, r := range rows {
			if r.Kind == k {
				out = append(out, r)
			}
		}
	}
	slices.SortFunc(out, func(a, b Row) int { return cmp.Compare(a.Func, b.Func) })
	return out
}

// LockKindOf returns the lock operation a call performs, or 0: the lock
// kind of its rows, or else, for a method called through an interface the
// model has no rows for, the kind its name and shape declare. An interface
// method Lock, Unlock, RLock or RUnlock of type func() is taken to be that
// operation, so that a user's own locker interface (an RWMutex behind an
// interface, say) is followed like sync.Locker. The convention lives here
// rather than in a pass so that every pass sees the same locks.
func (m *Model) LockKindOf(call Call) Kind {
	for _, r := range call.Rows {
		if _, ok := r.Kind.Acquires(); ok || r.Kind.Releases() {
			return r.Kind
		}
	}
	if len(call.Rows) > 0 || !isInterfaceMethod(call.Func) {
		return 0
	}
	sig := call.Func.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 0 {
		return 0
	}
	switch call.Func.Name() {
	case "Lock":
		return Lock
	case "Unlock":
		return Unlock
	case "RLock":
		return RLock
	case "RUnlock":
		return RUnlock
	}
	return 0
}

// isInterfaceMethod reports whether fn is an abstract method of an
// interface type.
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// AtomicAccess reports whether a call of fn is an atomic access of the
// location its first operand (the receiver, for a method) addresses, and
// whether it may write it. That is every exported function and method of
// sync/atomic: the package is the rule, so that new functions are covered
// without a row each; only the Load family does not write.
func AtomicAccess(fn *types.Func) (write, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || !fn.Exported() {
		return false, false
	}
	return !strings.HasPrefix(fn.Name(), "Load"), true
}

// InterfaceMethods returns the interface methods of the model's rows of
// kind k (Entry, Actor) that code in pkg can implement: those declared in
// pkg or in a package it imports, directly or not. A package that cannot
// see an interface cannot name its method's parameter types either.
func (m *Model) InterfaceMethods(pkg *types.Package, k Kind) []*types.Func {
	rows := m.RowsOfKind(k)
	if len(rows) == 0 || pkg == nil {
		return nil
	}
	byPath := ssaops.VisiblePackages(pkg)
	var out []*types.Func
	for _, r := range rows {
		path, typ, method, ok := splitMethodName(r.Func)
		if !ok || byPath[path] == nil {
			continue
		}
		tn, _ := byPath[path].Scope().Lookup(typ).(*types.TypeName)
		if tn == nil {
			continue
		}
		iface, _ := tn.Type().Underlying().(*types.Interface)
		if iface == nil {
			continue
		}
		for im := range iface.Methods() {
			if im.Name() == method {
				out = append(out, im)
			}
		}
	}
	return out
}

// splitMethodName splits "(pkg/path.T).M" or "(*pkg/path.T).M" into its
// package path, type name and method name.
func splitMethodName(name string) (path, typ, method string, ok bool) {
	recv, method, ok := strings.Cut(strings.TrimPrefix(name, "("), ").")
	if !ok || !strings.HasPrefix(name, "(") {
		return "", "", "", false
	}
	recv = strings.TrimPrefix(recv, "*")
	i := strings.LastIndexByte(recv, '.')
	if i <= 0 {
		return "", "", "", false
	}
	return recv[:i], recv[i+1:], method, true
}

// ImplementsMethod reports whether the concrete method fn implements the
// interface method im: it has im's name, and its receiver's type, or a
// pointer to it, implements im's interface. A method that merely shares
// the name (a ServeHTTP with other parameters) does not.
func ImplementsMethod(fn, im *types.Func) bool {
	if fn == nil || im == nil || fn.Name() != im.Name() || !isInterfaceMethod(im) {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil || types.IsInterface(recv.Type()) {
		return false
	}
	t := recv.Type()
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		t = types.NewPointer(t) // the pointer's method set includes the value's
	}
	iface, _ := im.Signature().Recv().Type().Underlying().(*types.Interface)
	return iface != nil && types.Implements(t, iface)
}

// SeesHandlerContexts reports whether code in pkg can hold a handler
// context (HandlerContext): whether pkg is, or imports directly or not, a
// package that declares one. Passes skip looking for contexts elsewhere.
func SeesHandlerContexts(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	byPath := ssaops.VisiblePackages(pkg)
	for key, class := range frameworkTypes {
		if class == HandlerContext && byPath[key[0]] != nil {
			return true
		}
	}
	return false
}
