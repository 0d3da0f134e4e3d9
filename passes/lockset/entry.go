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

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
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
	// inferred marks a method that is an entry point only because its
	// type holds a lock or runs goroutines: nothing declares that callers
	// share it. By default its pairs need evidence (see checkEntries).
	inferred bool
	// ordered, for a goroutine, holds the positions of the accesses in
	// the body of its spawner (named spawnerName) that its go statement
	// or a join orders with it: before the go statement, or after a
	// join (see checkEntries).
	ordered     map[token.Pos]bool
	spawnerName string
	// above are, for a goroutine whose spawner is itself the body of
	// one go statement only (and so on up), those go statements'
	// spawners, each with the accesses of its body that the go
	// statement orders with it, and so with what it starts (startChain).
	above []spawnerOrder
	// tests, for a goroutine started only from Test functions, are
	// those functions, and parallel tells whether one calls t.Parallel
	// (default reading only; see tests.go).
	tests    []*ssa.Function
	parallel bool
	// byTest marks a goroutine a _test.go file starts, or a handler it
	// declares: a test's entry point (default reading only;
	// testclients.go).
	byTest bool
	// actor marks an actor's handler: the framework runs it again for
	// the next message while goroutines it started still run.
	actor bool
	// served marks a handler a framework calls for each request
	// ((http.Handler).ServeHTTP, a function handed to http.HandleFunc):
	// concurrent with itself, but by default with an inferred entry only
	// on evidence (see evidence in pairs.go).
	served bool
	// perCall marks a handler literal each instance of which serves one
	// call of the function that makes it (percall.go): two calls of it
	// share no variable it captures.
	perCall bool
	// outlives marks a goroutine that its spawner may not have joined
	// when it returns.
	outlives bool
	// callee is, for a goroutine, the function its go statement runs;
	// hosts are, for one its spawner joins, the functions each call of
	// which contains every call of the spawner (hosted.go).
	callee *ssa.Function
	hosts  []*ssa.Function
	// soleCaller is, for an inferred entry point that does not
	// synchronise in its own body, the one function outside the tests
	// that calls it, if any (runsentry.go).
	soleCaller *ssa.Function
	// startedIn is, for a goroutine that one actor handler starts, that
	// handler, and starts where it starts it (startmsgs.go).
	startedIn *ssa.Function
	starts    []startSite
	accs      []*epAccess
}

// A spawn is a go statement or a call of a Spawn row of the model (wg.Go,
// errgroup's Go, time.AfterFunc, a user's -concur.spawn row), which runs a
// function in a new goroutine.
type spawn struct {
	instr    ssa.Instruction
	parent   *funcInfo
	callee   *ssa.Function
	args     []ssa.Value
	bindings []ssa.Value
	// group is the receiver of a Spawn-row method (the WaitGroup or
	// errgroup.Group), whose joins wait for the goroutine; else nil.
	group ssa.Value
	// body is the goroutine's accesses, in the parent's frame, without
	// the locks it inherits (see sharedBody).
	body []Access
	// handed are the locks its spawner hands off to it (handOff).
	handed lockset
	// siblings are the spawns of the same function, sp included.
	siblings []*spawn
	lv       *liveness // memo of liveOf
	// ordered memoises orderedWith.
	ordered map[token.Pos]bool
	// parallelSubtest marks a subtest that calls t.Parallel: it runs
	// after its spawner returns, beside the other such subtests of the
	// spawner (subtests.go).
	parallelSubtest bool
	// selfCounted lists the counters the goroutine adds itself to
	// (model.SelfCounted): their waits do not join it. Nil if none.
	selfCounted *model.SelfCount
}

// spawns finds every goroutine start in the package.
func (c *checker) spawns(funcs []*ssa.Function) []*spawn {
	var out []*spawn
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				sp := c.spawnAt(instr)
				if sp == nil {
					continue
				}
				sp.parent = c.full(fn)
				if sp.parent == nil {
					continue
				}
				sp.handed = c.goEntryHeld(sp)
				sp.body = c.withoutSelfCounted(sp, c.goAccesses(sp, sp.handed, c.goSummary(sp)))
				out = append(out, sp)
			}
		}
	}
	byParent := make(map[*ssa.Function][]*spawn)
	for _, sp := range out {
		byParent[sp.parent.fn] = append(byParent[sp.parent.fn], sp)
	}
	for _, sp := range out {
		sp.siblings = byParent[sp.parent.fn]
	}
	return out
}

// goEntryHeld returns the locks the goroutine of sp holds when it starts:
// those its spawner hands off to it (handOff).
func (c *checker) goEntryHeld(sp *spawn) lockset {
	g, ok := sp.instr.(*ssa.Go)
	if !ok {
		return nil
	}
	return c.handOff(sp.parent.callHeld[g], &g.Call)
}

// goSummary returns the summary of the goroutine of sp: its callee's, or,
// when the go statement passes constants for parameters the callee
// branches on (boolargs.go, constargs.go), the callee analysed with the
// branches they rule out cut, as a call with those arguments is:
//
//	go w.run(0, false) // the timer mode of run(d, true) never starts
func (c *checker) goSummary(sp *spawn) *Summary {
	if _, ok := sp.instr.(*ssa.Go); !ok {
		return c.calleeSummary(sp.callee)
	}
	return c.summaryWith(sp.parent, sp.callee, sp.args, sp.bindings, sp.instr)
}

// goAccesses rebases the accesses of sum, the goroutine's summary or a
// part of it, onto the spawner's frame, the goroutine holding held at its
// start.
func (c *checker) goAccesses(sp *spawn, held lockset, sum *Summary) []Access {
	var out []Access
	c.apply(nil, &state{held: held}, sum, sp.callee, sp.args, sp.bindings, sp.instr, func(a Access) { out = append(out, a) })
	published := c.publishedArgs(sp)
	if published == nil {
		return out
	}
	var also []Access // the same accesses, through the published locations
	for _, a := range out {
		root, sel := splitPath(a.Path)
		slot, ok := published[root]
		if !ok {
			continue
		}
		a.Path = slot + sel
		sets := *a.Sets
		sets.Held = slices.Clone(a.Held)
		for i, h := range sets.Held {
			if r, hs := splitPath(h.Lock); r == root {
				sets.Held[i].Lock = slot + hs
			}
		}
		a.Sets = &sets
		also = append(also, a)
	}
	return append(out, also...)
}

// publishedArgs maps the root of each argument of sp that is an object
// the spawner allocates and stores, once, into a location other entry
// points can name (c.j = j; go j.run()) to that location's path. The goroutine's accesses to the object are then also
// accesses to what the location points to, which other code reaches
// through the structure (c.j.state): the object is the same, though
// the structure may point elsewhere later, as for any path.
func (c *checker) publishedArgs(sp *spawn) map[string]string {
	var out map[string]string
	for _, v := range sp.args {
		alloc, ok := v.(*ssa.Alloc)
		if !ok || !alloc.Heap {
			continue
		}
		var slot string
		for _, ref := range *alloc.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Val != alloc {
				continue
			}
			p := c.pathOf(st.Addr)
			if slot != "" || p == "" || isLocal(p) {
				slot = ""
				break
			}
			slot = p
		}
		if slot != "" {
			if out == nil {
				out = make(map[string]string)
			}
			out[c.allocRoot(alloc)] = slot
		}
	}
	return out
}

// liveOf returns the liveness of the goroutine of sp, memoised.
func (c *checker) liveOf(sp *spawn) *liveness {
	if sp.lv == nil {
		sp.lv = c.liveness(sp, sp.siblings)
	}
	return sp.lv
}

// spawnAt returns the goroutine instr starts, or nil if it starts none
// whose body is known.
func (c *checker) spawnAt(instr ssa.Instruction) *spawn {
	switch instr := instr.(type) {
	case *ssa.Go:
		if instr.Call.IsInvoke() {
			return nil // go iface.M(): unknown body
		}
		callee, bindings := ssaops.FuncValue(instr.Call.Value)
		if callee == nil {
			return nil
		}
		return &spawn{instr: instr, callee: callee, args: instr.Call.Args, bindings: bindings,
			selfCounted: c.model.SelfCounted(instr)}
	case *ssa.Call:
		call, ok := c.model.Resolve(instr.Common())
		if !ok || !call.Modelled() {
			// A wrapper the model has no row for (spawnwrappers.go);
			// a row knows more (the group whose Wait joins wg.Go's).
			return c.wrapperSpawnAt(instr)
		}
		if sp := c.subtestAt(instr, call); sp != nil {
			return sp
		}
		row, ok := call.Row(model.Spawn)
		if !ok || len(row.Args) == 0 {
			return nil
		}
		body, bindings := ssaops.FuncValue(call.Arg(row.Args[0]))
		if body == nil {
			return nil
		}
		return &spawn{instr: instr, callee: body, bindings: bindings, group: call.Recv}
	}
	return nil
}

// startedMethod returns the method a spawn runs, if it runs one directly
// (go s.run() or wg.Go(s.run)); such a method is a goroutine body, not a
// method entry point, and its type is shared.
func startedMethod(sp *spawn) *types.Func {
	fn := sp.callee
	if fn.Signature.Recv() != nil || ssaops.IsBoundMethod(fn) {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.Origin()
		}
	}
	return nil
}

// sharedType reports whether the exported methods of n, a type of the
// package, are entry points that may run concurrently with each other: it
// is declared shared (shared, by directive or as a gRPC service), or
// holds a lock or a token channel.
func (c *checker) sharedType(n *types.Named, shared map[*types.Named]bool) bool {
	return shared[n] || model.HoldsLock(n) || c.holdsToken(n) || c.accessedAtomically(n)
}

// sharedByAtomicsOnly reports whether n is a shared type (sharedType) only
// because the package accesses it atomically.
func (c *checker) sharedByAtomicsOnly(n *types.Named, shared map[*types.Named]bool) bool {
	return !shared[n] && !model.HoldsLock(n) && !c.holdsToken(n) && c.accessedAtomically(n)
}

func typeKey(n *types.Named) string {
	if n.Obj().Pkg() == nil {
		return n.Obj().Name()
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// isEntryMethod reports whether fn implements an interface method whose
// implementations a framework runs concurrently ((http.Handler).ServeHTTP).
func (c *checker) isEntryMethod(fn *types.Func) bool {
	return slices.ContainsFunc(c.entryMethods, func(im *types.Func) bool { return model.ImplementsMethod(fn, im) })
}

// readerGroup returns, in the default reading, the serialisation group of
// m, a method of n, when it implements a method of a reader's side, which
// its one consumer calls one at a time (model.OneReader), or of the
// response side of a request, which the handler it was handed to calls
// one at a time (model.OneResponder), and n is not documented or declared
// safe for concurrent use; else "".
func (c *checker) readerGroup(n *types.Named, m *types.Func) string {
	if c.model.Strict || c.model.DeclaredShared(n) {
		return ""
	}
	implements := func(im *types.Func) bool { return model.ImplementsMethod(m, im) }
	switch {
	case slices.ContainsFunc(c.readerSide, implements):
		return "reader " + typeKey(n)
	case slices.ContainsFunc(c.responderSide, implements):
		return "responder " + typeKey(n)
	}
	return ""
}

// isActorMethod reports whether fn is an actor's message handler.
func (c *checker) isActorMethod(fn *types.Func) bool { return c.handlers.IsMethod(fn) }

// isHandlerFunc reports whether fn is a method implementing an actor
// handler method.
func (c *checker) isHandlerFunc(fn *ssa.Function) bool { return c.handlers.IsFunc(fn) }

// registrations finds functions handed to frameworks that call them
// concurrently: the arguments of Handler rows (http.HandleFunc), function
// conversions to a handler type (http.HandlerFunc(f)), and gRPC service
// implementations. It returns the handler function values and the service
// types, each with the service interface it is registered as, and the
// producers handed to an ActorProps or SpawnsActor row
// (actorfields.go), and notes in c.handlers the methods made an actor's
// next handler with a Become row (before isActorMethod is first asked).
func (c *checker) registrations(funcs []*ssa.Function) (handlers []ssa.Value, services map[*types.Named]*types.Interface, producers []*ssa.MakeClosure) {
	services = make(map[*types.Named]*types.Interface)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Call:
					if call, ok := c.model.Resolve(instr.Common()); ok {
						if row, ok := call.Row(model.Handler); ok && len(row.Args) > 0 {
							if h := call.Arg(row.Args[0]); h != nil {
								handlers = append(handlers, h)
							}
						}
						if mc := producerOf(call); mc != nil {
							producers = append(producers, mc)
						}
						// ctx.Become(a.busy) makes a method of the actor's
						// own type its next handler, run one message at a
						// time like Receive.
						c.handlers.Note(call)
					}
					if n, iface := grpcService(instr); n != nil {
						services[n] = iface
					}
				case *ssa.ChangeType:
					if model.IsHandlerFunc(instr.Type()) {
						handlers = append(handlers, instr.X)
					}
				}
			}
		}
	}
	return handlers, services, producers
}

// grpcService returns the service type a call of generated gRPC code
// registers, or nil. protoc-gen-go-grpc generates, for each service Foo,
//
//	func RegisterFooServer(s grpc.ServiceRegistrar, srv FooServer)
//
// in the user's own package, so no row can name it: the pattern is
// matched by shape, and the concrete type boxed into srv is the service,
// registered as FooServer (iface).
func grpcService(call *ssa.Call) (n *types.Named, iface *types.Interface) {
	callee := call.Call.StaticCallee()
	if callee == nil || call.Call.IsInvoke() {
		return nil, nil
	}
	name, args := callee.Name(), call.Call.Args
	if !strings.HasPrefix(name, "Register") || !strings.HasSuffix(name, "Server") || len(args) != 2 {
		return nil, nil
	}
	if !isNamed(args[0].Type(), "google.golang.org/grpc", "ServiceRegistrar") && !isNamed(args[0].Type(), "google.golang.org/grpc", "Server") {
		return nil, nil
	}
	mi, ok := args[1].(*ssa.MakeInterface)
	if !ok {
		return nil, nil
	}
	iface, _ = mi.Type().Underlying().(*types.Interface)
	t := mi.X.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && iface != nil {
		return n.Origin(), iface
	}
	return nil, nil
}

// serves reports whether the method name is one of the service
// interface's: the framework calls it for each request.
func serves(iface *types.Interface, name string) bool {
	for i := range iface.NumMethods() {
		if iface.Method(i).Name() == name {
			return true
		}
	}
	return false
}

// isNamed reports whether t, or the type t points to, is the named type
// pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// entries computes the package's entry points (§3.4.2).
func (c *checker) entries(funcs []*ssa.Function, spawns []*spawn) []*entry {
	dirs := c.directives()

	started := make(map[*types.Func]bool)
	shared := make(map[*types.Named]bool)   // declared shared
	goShared := make(map[*types.Named]bool) // shared with its goroutines
	for _, sp := range spawns {
		if c.startedByTest(sp.parent.fn) {
			// A test's goroutine is a client: it neither makes the
			// type shared nor takes the method's place as an entry
			// point (testclients.go).
			continue
		}
		if m := startedMethod(sp); m != nil {
			started[m] = true
			// By the method's receiver, not the callee's: a bound
			// method (run := s.loop; go run()) has none of its own.
			if tn := recvNamedOf(m); tn != nil {
				goShared[tn.Type().(*types.Named)] = true
			}
		}
	}
	for n := range c.awaitedClosures(spawns) {
		goShared[n] = true
	}
	handlers, services, producers := c.registrations(funcs)
	for n := range services {
		shared[n] = true
	}

	var out []*entry
	add := func(e *entry) { out = append(out, e) }
	var tests *testRoots
	if !c.model.Strict {
		tests = c.computeTestRoots(funcs)
	}

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
		n := ssaops.RecvNamed(fn)
		if n == nil || started[obj] || n.Obj().Pkg() != c.pkg {
			continue
		}
		isShared := c.sharedType(n, shared)
		switch {
		case c.isActorMethod(obj):
			// One message at a time: an actor's handlers never run
			// concurrently with each other.
			e.self, e.group, e.actor = false, "actor "+typeKey(n), true
			add(e)
		case c.isEntryMethod(obj):
			e.served = true
			add(e)
		case (isShared || goShared[n]) && (obj.Exported() || ifaceMethods[obj.Name()]):
			if !shared[n] && !c.model.Strict && c.inTestFile(fn) {
				// An accessor a _test.go file adds (export_test.go)
				// for tests, which call it on objects they own.
				continue
			}
			if !shared[n] && !c.model.Strict && (isInitMethod(obj) || documentedSetup(fn)) {
				continue // construction (initmethods.go)
			}
			if !shared[n] && c.hidden(n) && !c.calledViaIface(n)[obj.Name()] {
				if !c.serialisedMethods(n)[obj.Name()] {
					continue // its callers are the entry points (hidden.go)
				}
				e.self = false // a log.Logger's writer (hidden.go)
			}
			if !isShared {
				e.goOnly, e.self = true, false
			}
			if e.self && !c.model.Strict && c.sharedByAtomicsOnly(n, shared) && !c.writesAtomically(fn) {
				e.self = false // atomictypes.go
			}
			e.inferred = !shared[n]
			if e.group == "" && !shared[n] {
				e.group = c.readerGroup(n, obj)
			}
			if iface := services[n]; iface != nil {
				// The framework serves requests with the service's
				// methods; its other methods are its owner's (Start,
				// Stop), concurrent with them only on evidence.
				e.served = serves(iface, obj.Name())
				e.inferred = !e.served
			}
			add(e)
		}
	}
	for _, e := range c.promotedEntries(shared, goShared) {
		add(e)
	}
	for _, h := range handlers {
		fn, _ := ssaops.FuncValue(h)
		if fn == nil || fn.Blocks == nil || (fn.Pkg != nil && fn.Pkg.Pkg != c.pkg) {
			continue
		}
		if slices.ContainsFunc(out, func(e *entry) bool { return e.fn == fn }) {
			continue
		}
		// A handler a test declares serves the requests the test makes,
		// mostly one after another: by default it needs the evidence of
		// an inferred entry (a synchronised access) to race.
		testHandler := !c.model.Strict && c.inTestFile(fn)
		add(&entry{name: c.funcName(fn), fn: fn, pos: fn.Pos(), self: true, served: true, inferred: testHandler, byTest: testHandler,
			perCall: !c.model.Strict && c.servedOncePerCall(fn)})
	}
	aliases := c.actorAliases(producers) // actorfields.go
	for _, e := range out {
		from := len(e.accs)
		if fi := c.full(e.fn); fi != nil {
			for _, s := range fi.sites {
				n := len(e.accs)
				a := withZeroObservations(&s.acc, nil, settledGuards(fi, &s.acc)) // zeroguard.go
				e.accs = c.canonAppend(e.accs, e.fn, a)
				if e.actor && len(e.accs) > n && !c.model.Strict {
					a := e.accs[n]
					a.site = s.instr
					if p := c.messagePlace(s.instr); p != laterMessage {
						a.startPlace = p
					}
				}
			}
		}
		if n := ssaops.RecvNamed(e.fn); e.actor && n != nil {
			e.accs = withActorAliases(e.accs, from, n, aliases[n])
		}
	}
	byInstr := make(map[ssa.Instruction]*spawn, len(spawns)) // startChain
	for _, sp := range spawns {
		byInstr[sp.instr] = sp
	}
	calls := c.callIndex(funcs)
	for _, sp := range spawns {
		p := sp.parent.fn
		e := &entry{
			name:    c.goName(sp),
			fn:      p,
			pos:     sp.instr.Pos(),
			spawner: p,
		}
		body := c.sharedBody(sp)
		set := c.spawnNonZero(sp) // zeroguard.go
		for i := range body {
			e.accs = c.goCanonAppend(e.accs, p, withZeroObservations(&body[i], set, nil))
		}
		if !c.model.Strict {
			e.spawnerName, e.ordered = c.funcName(p), c.orderedWith(sp)
			e.above = c.startChain(sp, byInstr, calls)
			e.tests, e.parallel = tests.tests(p)
			e.byTest = c.startedByTest(p)
			e.startedIn, e.starts = c.startSites(sp, funcs)
		}
		for _, m := range c.handshakeMarks(sp, calls) {
			if k := c.goCanonical(m, p); k != "" {
				for _, a := range e.accs {
					a.before = union(a.before, []string{k}) // handshake.go
				}
			}
		}
		e.outlives = c.outlivesSpawner(sp)
		e.callee = sp.callee
		if !c.model.Strict && !e.outlives {
			e.hosts = c.hostsOf(sp, calls)
		}
		// A goroutine its spawner joins before returning runs within the
		// spawner's call: with other entry points it is as concurrent as
		// the spawner is, which by default needs the evidence of an
		// inferred entry (evidence in pairs.go). Its spawner, siblings and
		// instances are compared in checkSpawns, without that rule.
		e.inferred = !c.model.Strict && !e.outlives
		add(e)
	}
	if !c.model.Strict {
		for _, e := range out {
			if e.spawner == nil && e.inferred && e.fn != nil && !synchronizesItself(e) {
				e.soleCaller = c.soleCaller(e.fn, calls)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *entry) int { return ssaops.ComparePos(c.pass.Fset, a.pos, b.pos) })
	return out
}

// orderedWith returns the positions of the accesses of the spawner's own
// body that are ordered with the goroutine of sp on every path: before
// its go statement, or after a join of it.
func (c *checker) orderedWith(sp *spawn) map[token.Pos]bool {
	if sp.ordered == nil {
		sp.ordered = c.computeOrderedWith(sp)
	}
	return sp.ordered
}

func (c *checker) computeOrderedWith(sp *spawn) map[token.Pos]bool {
	lv := c.liveOf(sp)
	name := c.funcName(sp.parent.fn)
	out := make(map[token.Pos]bool)
	live := make(map[token.Pos]bool)
	for _, s := range sp.parent.sites {
		if s.acc.Func != name {
			continue
		}
		if lv.level[s.instr] == joined {
			out[s.acc.Pos] = true
		} else {
			live[s.acc.Pos] = true
		}
	}
	for p := range live {
		delete(out, p)
	}
	return out
}

// A spawnerOrder names a go statement's spawner and the positions of the
// accesses of its body that the go statement orders with the goroutine.
type spawnerOrder struct {
	fn      *ssa.Function
	name    string
	ordered map[token.Pos]bool
}

// startChain returns, for the goroutine of sp, the go statements that
// start its spawner, when the spawner is a function of the package only
// one go statement names, never called or used as a value, and so on
// up: what each of their spawners does before its go statement also
// happens before every goroutine the started function starts (discover's
// Start sets d.p, then go d.loop(), whose goroutines read d.p).
func (c *checker) startChain(sp *spawn, byInstr map[ssa.Instruction]*spawn, calls *callIndex) []spawnerOrder {
	var out []spawnerOrder
	seen := make(map[*ssa.Function]bool)
	for f := sp.parent.fn; !seen[f]; {
		seen[f] = true
		if !calls.onlyStarted(c.pkg, f) || len(calls.started[f]) != 1 {
			break
		}
		up := byInstr[calls.started[f][0]]
		if up == nil {
			break
		}
		out = append(out, spawnerOrder{up.parent.fn, c.funcName(up.parent.fn), c.orderedWith(up)})
		f = up.parent.fn
	}
	return out
}

// orderedBefore reports whether the access x of a spawner's body is
// ordered with the goroutine g by g's go statement, or by a go statement
// that starts g's spawner (startChain).
func (g *entry) orderedBefore(x *epAccess) bool {
	if x.fn == g.spawnerName && g.ordered[x.pos] {
		return true
	}
	return slices.ContainsFunc(g.above, func(o spawnerOrder) bool { return x.fn == o.name && o.ordered[x.pos] })
}

// runs returns the function whose calls e stands for: a goroutine's
// callee, or the entry point's own function.
func (e *entry) runs() *ssa.Function {
	if e.spawner != nil {
		return e.callee
	}
	return e.fn
}

// startedBy reports whether fn starts g, a goroutine, with its go
// statement or with one that starts g's spawner (startChain).
func (g *entry) startedBy(fn *ssa.Function) bool {
	return g.spawner == fn || slices.ContainsFunc(g.above, func(o spawnerOrder) bool { return o.fn == fn })
}

// outlivesSpawner reports whether the goroutine of sp may still run when
// its spawner returns: some return is not after a join of it.
func (c *checker) outlivesSpawner(sp *spawn) bool {
	lv := c.liveOf(sp)
	for _, b := range sp.parent.fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && lv.level[r] != joined {
			return true
		}
	}
	return false
}

// goName names a goroutine entry point for diagnostics.
func (c *checker) goName(sp *spawn) string {
	line := c.pass.Fset.Position(sp.instr.Pos()).Line
	if sp.parallelSubtest {
		return fmt.Sprintf("the parallel subtest started in %s (line %d)", c.funcName(sp.parent.fn), line)
	}
	return fmt.Sprintf("the goroutine started in %s (line %d)", c.funcName(sp.parent.fn), line)
}

// exportedIfaceMethods returns the method names of the package's exported
// interfaces: in the strict reading, a method reachable through one is an
// entry point even if its own name is unexported. The default reading
// takes none: another package can neither call an unexported method nor
// implement an interface that has one, so such a method runs only where
// the package's own code calls it, which the analysis follows from the
// package's entry points (pion/ice's Candidate.start and close, called
// only from tasks its agent runs one at a time).
func (c *checker) exportedIfaceMethods() map[string]bool {
	if !c.model.Strict {
		return nil
	}
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
