// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// An entry is one of Whoop's thread templates: code that may run
// concurrently with other entries and, if self is set, with itself.
type entry struct {
	name  string
	fn    *ssa.Function // function whose frame the accesses were taken in
	pos   token.Pos
	self  bool
	group string // serialisation group; "" for none
	// spawner is the function containing the go statement, for goroutines.
	spawner *ssa.Function
	// goOnly marks a method of a type that is shared only because some
	// of its methods run as goroutines (it holds no mutex).
	goOnly bool
	accs   []*epAccess
}

// A spawn is a go statement or a call that runs a function in a new
// goroutine (wg.Go, errgroup's Go, time.AfterFunc, context.AfterFunc).
type spawn struct {
	instr    ssa.Instruction
	parent   *funcInfo
	callee   *ssa.Function
	args     []ssa.Value
	bindings []ssa.Value
	body     []Access // the goroutine's accesses, in the parent's frame
}

// spawnFunc reports which argument of a call to fn is run in a new
// goroutine, or -1.
func spawnFunc(fn *ssa.Function) int {
	pkg := funcPkg(fn)
	switch {
	case pkg == "sync" && (fn.Name() == "Go"):
		return 1 // (*WaitGroup).Go
	case strings.HasSuffix(pkg, "golang.org/x/sync/errgroup") && (fn.Name() == "Go" || fn.Name() == "TryGo"):
		return 1
	case (pkg == "time" || pkg == "context") && fn.Name() == "AfterFunc" && fn.Signature.Recv() == nil:
		return 1
	}
	return -1
}

// funcValue decomposes a function value into its code and bindings.
func funcValue(v ssa.Value) (*ssa.Function, []ssa.Value) {
	switch v := v.(type) {
	case *ssa.Function:
		return v, nil
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		return fn, v.Bindings
	case *ssa.ChangeType:
		return funcValue(v.X)
	case *ssa.MakeInterface:
		return funcValue(v.X)
	}
	return nil, nil
}

// spawns finds every goroutine start in the package.
func (c *checker) spawns(funcs []*ssa.Function) []*spawn {
	var out []*spawn
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var sp *spawn
				switch instr := instr.(type) {
				case *ssa.Go:
					if instr.Call.IsInvoke() {
						continue // go iface.M(): unknown body
					}
					callee, bindings := funcValue(instr.Call.Value)
					if callee == nil {
						continue
					}
					sp = &spawn{instr: instr, callee: callee, args: instr.Call.Args, bindings: bindings}
				case *ssa.Call:
					callee := instr.Call.StaticCallee()
					i := -1
					if callee != nil && !instr.Call.IsInvoke() {
						i = spawnFunc(callee)
					}
					if i < 0 || i >= len(instr.Call.Args) {
						continue
					}
					body, bindings := funcValue(instr.Call.Args[i])
					if body == nil {
						continue
					}
					sp = &spawn{instr: instr, callee: body, bindings: bindings}
				default:
					continue
				}
				sp.parent = c.info(fn)
				if sp.parent == nil {
					continue
				}
				st := &state{}
				c.apply(fn, st, c.calleeSummary(sp.callee), sp.callee, sp.args, sp.bindings, instr, func(a Access) {
					sp.body = append(sp.body, a)
				})
				out = append(out, sp)
			}
		}
	}
	return out
}

// startedMethod returns the method a spawn runs, if it runs one directly
// (go s.run() or wg.Go(s.run)); such a method is a goroutine body, not a
// method entry point, and its type is shared.
func startedMethod(sp *spawn) *types.Func {
	fn := sp.callee
	if fn.Signature.Recv() != nil || strings.HasSuffix(fn.Name(), "$bound") {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.Origin()
		}
	}
	return nil
}

// recvNamed returns the named type (origin) of a method's receiver.
func recvNamed(fn *ssa.Function) *types.Named {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n == nil {
		return nil
	}
	return n.Origin()
}

func typeKey(n *types.Named) string {
	if n.Obj().Pkg() == nil {
		return n.Obj().Name()
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// holdsMutex reports whether values of t contain a sync.Mutex or RWMutex
// (or a pointer to one) directly, by embedding, or in a struct field.
func holdsMutex(t types.Type, depth int) bool {
	if depth > 3 {
		return false
	}
	if isMutex(t) {
		return true
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range s.Fields() {
		ft := f.Type()
		if p, ok := types.Unalias(ft).(*types.Pointer); ok && isMutex(p.Elem()) {
			return true
		}
		if holdsMutex(ft, depth+1) {
			return true
		}
	}
	return false
}

func isMutex(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" &&
		(n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex")
}

// isHandlerMethod reports whether fn is ServeHTTP(http.ResponseWriter, *http.Request).
func isHandlerMethod(fn *ssa.Function) bool {
	if fn.Name() != "ServeHTTP" || fn.Signature.Params().Len() != 2 {
		return false
	}
	return isNamed(fn.Signature.Params().At(0).Type(), "net/http", "ResponseWriter")
}

func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// registrations finds functions handed to frameworks that call them
// concurrently: net/http handlers and gRPC service implementations.
// It returns the handler function values and the service types.
func (c *checker) registrations(funcs []*ssa.Function) (handlers []ssa.Value, services map[*types.Named]bool) {
	services = make(map[*types.Named]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Call:
					callee := instr.Call.StaticCallee()
					if callee == nil || instr.Call.IsInvoke() {
						continue
					}
					args := instr.Call.Args
					switch pkg := funcPkg(callee); {
					case pkg == "net/http" && callee.Name() == "HandleFunc" && len(args) >= 2:
						handlers = append(handlers, args[len(args)-1])
					case strings.HasPrefix(callee.Name(), "Register") && strings.HasSuffix(callee.Name(), "Server") &&
						len(args) == 2 && isGRPCRegistrar(args[0].Type()):
						// Generated: func RegisterFooServer(s grpc.ServiceRegistrar, srv FooServer)
						if mi, ok := args[1].(*ssa.MakeInterface); ok {
							t := mi.X.Type()
							if p, ok := types.Unalias(t).(*types.Pointer); ok {
								t = p.Elem()
							}
							if n, ok := types.Unalias(t).(*types.Named); ok {
								services[n.Origin()] = true
							}
						}
					}
				case *ssa.ChangeType:
					// http.HandlerFunc(f)
					if isNamed(instr.Type(), "net/http", "HandlerFunc") {
						handlers = append(handlers, instr.X)
					}
				}
			}
		}
	}
	return handlers, services
}

func isGRPCRegistrar(t types.Type) bool {
	return isNamed(t, "google.golang.org/grpc", "ServiceRegistrar") || isNamed(t, "google.golang.org/grpc", "Server")
}

// entries computes the package's entry points (§3.4.2).
func (c *checker) entries(funcs []*ssa.Function, spawns []*spawn) []*entry {
	dirs := c.directives()

	started := make(map[*types.Func]bool)
	shared := make(map[*types.Named]bool)   // declared shared
	goShared := make(map[*types.Named]bool) // shared with its goroutines
	for _, sp := range spawns {
		if m := startedMethod(sp); m != nil {
			started[m] = true
			if n := recvNamed(sp.callee); n != nil {
				goShared[n] = true
			}
		}
	}
	handlers, services := c.registrations(funcs)
	for n := range services {
		shared[n] = true
	}

	var out []*entry
	add := func(e *entry) { out = append(out, e) }

	ifaceMethods := c.exportedIfaceMethods()
	for _, fn := range funcs {
		if fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || obj.Pkg() != c.pkg {
			continue
		}
		d, hasDir := dirs[obj]
		e := &entry{name: c.funcName(fn), fn: fn, pos: fn.Pos(), self: true, group: d.group}
		if hasDir && d.entry {
			add(e)
			continue
		}
		n := recvNamed(fn)
		if n == nil || started[obj] || n.Obj().Pkg() != c.pkg {
			continue
		}
		isShared := shared[n] || holdsMutex(n, 0)
		switch {
		case isHandlerMethod(fn):
			add(e)
		case (isShared || goShared[n]) && (obj.Exported() || ifaceMethods[obj.Name()]):
			if !isShared {
				e.goOnly, e.self = true, false
			}
			add(e)
		}
	}
	for _, h := range handlers {
		fn, _ := funcValue(h)
		if fn == nil || fn.Blocks == nil || (fn.Pkg != nil && fn.Pkg.Pkg != c.pkg) {
			continue
		}
		if slices.ContainsFunc(out, func(e *entry) bool { return e.fn == fn }) {
			continue
		}
		add(&entry{name: c.funcName(fn), fn: fn, pos: fn.Pos(), self: true})
	}
	for _, e := range out {
		if fi := c.info(e.fn); fi != nil {
			for _, s := range fi.sites {
				e.accs = c.canonAppend(e.accs, e.fn, &s.acc)
			}
		}
	}
	for _, sp := range spawns {
		p := sp.parent.fn
		e := &entry{
			name:    c.goName(sp),
			fn:      p,
			pos:     sp.instr.Pos(),
			spawner: p,
		}
		for i := range sp.body {
			e.accs = c.goCanonAppend(e.accs, p, &sp.body[i])
		}
		add(e)
	}
	slices.SortStableFunc(out, func(a, b *entry) int { return int(a.pos - b.pos) })
	return out
}

// goName names a goroutine entry point for diagnostics.
func (c *checker) goName(sp *spawn) string {
	line := c.pass.Fset.Position(sp.instr.Pos()).Line
	return fmt.Sprintf("the goroutine started in %s (line %d)", c.funcName(sp.parent.fn), line)
}

// exportedIfaceMethods returns the method names of the package's exported
// interfaces: a method reachable through one is an entry point even if its
// own name is unexported.
func (c *checker) exportedIfaceMethods() map[string]bool {
	out := make(map[string]bool)
	scope := c.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range iface.Methods() {
				out[m.Name()] = true
			}
		}
	}
	return out
}
