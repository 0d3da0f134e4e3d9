// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file finds the package's hidden types: unexported types whose
// methods only the package's own code can call, each call naming the
// method statically. Nothing exported reaches such a type (no exported
// function, method, field, variable or type mentions it, as far as an
// importer can follow), no package-level variable holds it, no value of
// it (or of a type embedding it) is converted to an interface, and no
// method expression of it is made. A method value x.M makes M an entry
// point, called wherever the value goes, and no other method (quic-go's
// connIDManager hands its packer the method value Get; Add and the rest
// run on the connection's loop). Its methods are then
// not entry points of their own (default reading): who runs them
// concurrently is decided by their callers, the package's entry points,
// whose summaries carry the methods' accesses. ristretto's policy:
//
//	func NewCache(…) (*Cache, error) {
//		cache := &Cache{cachePolicy: newDefaultPolicy(…)}
//		cache.cachePolicy.CollectMetrics(cache.Metrics) // before publishing
//		go cache.processItems()
//		…
//	}
//
// CollectMetrics writes p.metrics without the policy's lock, and Add
// reads it holding the lock; as entry points of their own the two race,
// yet no caller can run CollectMetrics after the cache is published.
//
// A value converted to an unexported interface of the package, which
// nothing exported reaches and which is never converted to another
// interface, is called through that interface's methods only: those
// methods are entry points (the pass does not follow calls through
// interfaces), the type's other methods are not (ristretto's policy is
// the ring buffer's ringConsumer). A value that only a log.Logger holds
// (a Serialises row of the model) is written one call at a time.
//
// A value converted only to exported non-empty interfaces is called from
// outside through their methods, and through the exported methods an
// assertion could find: those matching a method of a named interface of
// the package or of a package it imports, or of an interface the package
// asserts to (the optional-interface idiom). Its other methods are the
// package's own (libp2p-pubsub's tracers, started by their router before
// it hands them out as RawTracers).
//
// What it trades: a hidden type's methods called concurrently from plain
// functions that importers call concurrently (no function is an entry
// point by itself); a type reached through reflect or unsafe; an
// importer's assertion to an interface of its own.

// hidden reports whether the methods of n, a named type of the package,
// are called only by name from the package's own code (see above).
func (c *checker) hidden(n *types.Named) bool {
	if c.model.Strict || n.Obj().Exported() || n.Obj().Pkg() != c.pkg {
		return false
	}
	if c.exposed == nil {
		c.exposed = c.exposedTypes(c.srcFuncs)
	}
	return !c.exposed[n.Origin().Obj()]
}

// calledViaIface returns, for a hidden type, the names of the methods that
// the package calls through an unexported interface of its own, which
// the value is converted to: entry points, since the lockset pass does
// not follow calls through interfaces.
func (c *checker) calledViaIface(n *types.Named) map[string]bool {
	if !c.hidden(n) {
		return nil
	}
	return c.viaIface[n.Origin().Obj()]
}

// serialisedMethods returns, for a hidden type, the names of the methods
// that a Serialises row of the model calls one at a time (its Write, for
// the writer of a log.Logger): entry points that never run concurrently
// with themselves. What it trades: one writer given to two loggers.
func (c *checker) serialisedMethods(n *types.Named) map[string]bool {
	if !c.hidden(n) {
		return nil
	}
	return c.serialised[n.Origin().Obj()]
}

// borrowedBy reports whether every use of mi is an argument that a
// Borrows row of the model uses only until it returns (sort.Sort(byAge(s)),
// heap.Push(h, x)): the methods of the value run inside those calls, on the
// caller's goroutine and under its locks, and the call's summary carries
// their accesses, so the conversion exposes nothing.
func (c *checker) borrowedBy(mi *ssa.MakeInterface) bool {
	return c.onlyArgOf(mi, model.Borrows)
}

// onlyArgOf reports whether every use of mi is an argument of a call that
// a row of kind k names.
func (c *checker) onlyArgOf(mi *ssa.MakeInterface, k model.Kind) bool {
	refs := mi.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		rc, ok := c.model.Resolve(call.Common())
		if !ok {
			return false
		}
		row, ok := rc.Row(k)
		if !ok || !slices.ContainsFunc(row.Args, func(i int) bool { return rc.Arg(i) == mi }) {
			return false
		}
	}
	return true
}

// serialisedBy reports whether every use of mi is an argument that a
// Serialises row of the model calls one call at a time.
func (c *checker) serialisedBy(mi *ssa.MakeInterface) bool {
	return c.onlyArgOf(mi, model.Serialises)
}

// exposedTypes returns the package's named types that code outside the
// package may call methods of, or that are reached through a
// package-level variable, a conversion to an interface, or a method
// value or expression.
func (c *checker) exposedTypes(funcs []*ssa.Function) map[*types.TypeName]bool {
	x := &exposure{pkg: c.pkg, out: make(map[*types.TypeName]bool), seen: make(map[polarType]bool)}
	var private []*ssa.MakeInterface          // conversions to unexported interfaces
	var public []*ssa.MakeInterface           // of unexported types to exported ones (behindPublicIface)
	var asserted []*types.Interface           // the interfaces the package asserts to (optionalMethods)
	var bound []boundMethod                   // method values of the package's types
	widened := make(map[*types.TypeName]bool) // private interfaces converted on
	widen := func(t types.Type) {
		if iface := c.privateIface(t); iface != nil {
			widened[iface] = true
		}
	}
	scope := c.pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		switch obj := obj.(type) {
		case *types.Var:
			x.reach(obj.Type()) // shared by every goroutine
		case *types.Func, *types.TypeName, *types.Const:
			if obj.Exported() {
				x.reach(obj.Type())
			}
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.MakeInterface:
					switch {
					case c.borrowedBy(instr):
						// Called only inside the calls it is handed to.
					case c.serialisedBy(instr):
						x.serialise(instr)
					case c.privateIface(instr.Type()) != nil:
						private = append(private, instr)
					case c.behindPublicIface(instr):
						public = append(public, instr)
					default:
						x.reach(instr.X.Type())
					}
					continue
				case *ssa.ChangeInterface:
					widen(instr.X.Type())
				case *ssa.TypeAssert:
					if iface, ok := instr.AssertedType.Underlying().(*types.Interface); ok {
						widen(instr.X.Type())
						asserted = append(asserted, iface)
					}
				case *ssa.MakeClosure:
					// A bound method value (x.M) of a type of the
					// package: called wherever the value goes, so M is
					// an entry point, and what it takes and returns
					// flows as the value's signature says; the type's
					// other methods stay the package's own. Another
					// receiver's type is reached.
					if f, ok := instr.Fn.(*ssa.Function); ok && f.Synthetic != "" && len(instr.Bindings) > 0 {
						if obj := namedObj(instr.Bindings[0].Type(), c.pkg); obj != nil && f.Object() != nil {
							bound = append(bound, boundMethod{obj, f.Object().Name()})
							x.reach(f.Signature)
						} else {
							x.reach(instr.Bindings[0].Type())
						}
					}
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					// A generic function may call the methods of its
					// type arguments through their constraints.
					if f := call.Common().StaticCallee(); f != nil {
						for _, t := range f.TypeArgs() {
							x.reach(t)
						}
					}
				}
				var buf [8]*ssa.Value
				for i, op := range instr.Operands(buf[:0]) {
					// A method as a value (a method expression's thunk,
					// a method), other than the callee of a call.
					if i == 0 && isCall(instr) {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						x.reach(methodRecv(f))
					}
				}
			}
		}
	}
	// A value converted to an unexported interface of the package is
	// called through that interface's methods only, unless the interface
	// itself flows out or is converted to another.
	c.viaIface = make(map[*types.TypeName]map[string]bool)
	for _, b := range bound {
		if !x.out[b.recv] {
			if c.viaIface[b.recv] == nil {
				c.viaIface[b.recv] = make(map[string]bool)
			}
			c.viaIface[b.recv][b.name] = true
		}
	}
	for _, mi := range private {
		iface := c.privateIface(mi.Type())
		if x.out[iface] || widened[iface] {
			x.reach(mi.X.Type())
			continue
		}
		if obj := namedObj(mi.X.Type(), c.pkg); obj != nil {
			addMethods(c.viaIface, obj, iface.Type().Underlying().(*types.Interface))
		} else {
			x.reach(mi.X.Type())
		}
	}
	// A value of an unexported type converted to an exported interface
	// is called through that interface's methods, and through those
	// that an assertion to another interface may find (optionalMethods),
	// unless the type is reached some other way.
	for _, mi := range public {
		x.reach(mi.Type()) // what the interface's methods hand out
	}
	var known map[string][]*types.Signature // knownIfaceMethods, made on first use
	for _, mi := range public {
		obj := namedObj(mi.X.Type(), c.pkg)
		if x.out[obj] {
			continue
		}
		if known == nil {
			known = knownIfaceMethods(c.pkg, asserted)
		}
		addMethods(c.viaIface, obj, mi.Type().Underlying().(*types.Interface))
		for _, name := range optionalMethods(mi.X.Type(), known) {
			c.viaIface[obj][name] = true
		}
	}
	c.serialised = x.serialised
	return x.out
}

// A boundMethod is a method value x.M made of a type of the package.
type boundMethod struct {
	recv *types.TypeName
	name string
}

// behindPublicIface reports whether mi converts a value of an unexported
// named type of the package (or a pointer to one) to a non-empty
// interface that is not an unexported interface of the package: importers
// then call the value through that interface (and the interfaces an
// assertion may find), not through the type's other methods. pubsub's
// tracers, handed to the package's RawTracer list, are started by the
// router that owns them. An empty interface exposes the type: what holds
// it may assert it to anything.
func (c *checker) behindPublicIface(mi *ssa.MakeInterface) bool {
	iface, ok := mi.Type().Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return false
	}
	obj := namedObj(mi.X.Type(), c.pkg)
	return obj != nil && !obj.Exported()
}

// optionalMethods returns the exported methods of t that an assertion to
// an interface could call: those with the name and signature (receivers
// aside, as types.Identical compares them) of a method in known (the
// optional-interface idiom: an io.Writer asserted to io.Closer, a
// ResponseWriter to http.Hijacker). What it trades: an importer's
// assertion to an interface of its own.
func optionalMethods(t types.Type, known map[string][]*types.Signature) []string {
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		t = types.NewPointer(t) // a pointer's method set holds every method
	}
	var out []string
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		f, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !f.Exported() {
			continue
		}
		if slices.ContainsFunc(known[f.Name()], func(s *types.Signature) bool { return types.Identical(s, f.Signature()) }) {
			out = append(out, f.Name())
		}
	}
	return out
}

// knownIfaceMethods returns, by name, the signatures of the methods of the
// named interfaces declared at the package level of pkg and of the
// packages it imports, directly or not, and of the interfaces asserted.
func knownIfaceMethods(pkg *types.Package, asserted []*types.Interface) map[string][]*types.Signature {
	out := make(map[string][]*types.Signature)
	add := func(iface *types.Interface) {
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			out[m.Name()] = append(out[m.Name()], m.Signature())
		}
	}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		scope := p.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
				if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
					add(iface)
				}
			}
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pkg)
	for _, iface := range asserted {
		add(iface)
	}
	return out
}

// methodRecv returns the receiver type of a method or of the thunk of a
// method expression (whose receiver is its first parameter), or nil.
func methodRecv(f *ssa.Function) types.Type {
	sig := f.Signature
	if sig.Recv() != nil {
		return sig.Recv().Type()
	}
	if f.Synthetic != "" && f.Object() != nil && sig.Params().Len() > 0 {
		if m, ok := f.Object().(*types.Func); ok && m.Signature().Recv() != nil {
			return sig.Params().At(0).Type()
		}
	}
	return nil
}

// isCall reports whether instr calls a function, its first operand being
// the callee.
func isCall(instr ssa.Instruction) bool {
	_, ok := instr.(ssa.CallInstruction)
	return ok
}

// An exposure walks the types that values of the package's types can be
// reached through, recording the package's named types met.
type exposure struct {
	pkg  *types.Package
	out  map[*types.TypeName]bool
	seen map[polarType]bool
	// serialised are the methods a Serialises row calls, by type.
	serialised map[*types.TypeName]map[string]bool
}

// serialise records the methods of mi's interface for the named type
// converted, which a Serialises row calls one at a time.
func (x *exposure) serialise(mi *ssa.MakeInterface) {
	obj := namedObj(mi.X.Type(), x.pkg)
	iface, ok := mi.Type().Underlying().(*types.Interface)
	if obj == nil || !ok {
		x.reach(mi.X.Type())
		return
	}
	if x.serialised == nil {
		x.serialised = make(map[*types.TypeName]map[string]bool)
	}
	addMethods(x.serialised, obj, iface)
}

// namedObj returns the type name of t, or of the type t points to, if it
// is a named type of pkg; else nil.
func namedObj(t types.Type, pkg *types.Package) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg {
		return nil
	}
	return n.Origin().Obj()
}

// addMethods adds the names of iface's methods to m[obj].
func addMethods(m map[*types.TypeName]map[string]bool, obj *types.TypeName, iface *types.Interface) {
	if m[obj] == nil {
		m[obj] = make(map[string]bool)
	}
	for i := range iface.NumMethods() {
		m[obj][iface.Method(i).Name()] = true
	}
}

// privateIface returns the type name of t if it is an unexported
// interface type declared at the package level of the package; else nil.
func (c *checker) privateIface(t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !types.IsInterface(n) || n.Obj().Exported() || n.Obj().Pkg() != c.pkg || n.Obj().Parent() != c.pkg.Scope() {
		return nil
	}
	return n.Origin().Obj()
}

// reach records the package's named types that a value of type t leads
// to, through what code outside the package can follow: pointers,
// elements, exported and embedded fields, the signatures of functions
// and of exported methods.
func (x *exposure) reach(t types.Type) { x.follow(t, true) }

// follow walks t, a type whose values flow out of the package if out is
// set, into it otherwise: a function's results flow the way the function
// value does, its parameters the other way (a callback handed out gets
// the package's values). Only a type whose values flow out is exposed:
// a caller outside cannot pass in a value of a type it never got.
func (x *exposure) follow(t types.Type, out bool) {
	if t == nil {
		return
	}
	k := polarType{t, out}
	if x.seen[k] {
		return
	}
	x.seen[k] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if out && t.Obj().Pkg() == x.pkg {
			x.out[t.Origin().Obj()] = true
		}
		for _, ms := range []*types.MethodSet{types.NewMethodSet(t), types.NewMethodSet(types.NewPointer(t))} {
			for sel := range ms.Methods() {
				if sel.Obj().Exported() {
					x.follow(sel.Type(), out)
				}
			}
		}
		for a := range t.TypeArgs().Types() {
			x.follow(a, out)
		}
		x.follow(t.Underlying(), out)
	case *types.Pointer:
		x.follow(t.Elem(), out)
	case *types.Slice:
		x.follow(t.Elem(), out)
	case *types.Array:
		x.follow(t.Elem(), out)
	case *types.Chan:
		x.follow(t.Elem(), out)
	case *types.Map:
		x.follow(t.Key(), out)
		x.follow(t.Elem(), out)
	case *types.Struct:
		for f := range t.Fields() {
			if f.Exported() || f.Embedded() {
				x.follow(f.Type(), out)
			}
		}
	case *types.Signature:
		x.follow(t.Params(), !out)
		x.follow(t.Results(), out)
	case *types.Tuple:
		for v := range t.Variables() {
			x.follow(v.Type(), out)
		}
	case *types.Interface:
		for m := range t.Methods() {
			x.follow(m.Type(), out)
		}
	}
}

// A polarType is a type and the way its values flow (exposure.follow).
type polarType struct {
	t   types.Type
	out bool
}
