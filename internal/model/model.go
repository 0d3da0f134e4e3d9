// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// A Kind says what a call does to concurrency.
type Kind uint8

const (
	// Transfer gives up the memory reachable from the arguments Args:
	// another goroutine or actor owns it afterwards.
	Transfer Kind = iota + 1
	// Spawn runs the function passed as argument Args[0] on another
	// goroutine, later or at once. What the function captures is given
	// up, and the joins on the same receiver end the transfer.
	Spawn
	// Join waits for the goroutines started before it on its receiver
	// (wg.Wait, errgroup's Wait), or, for a row with Of, for those a call
	// of the function Of started (pprof.StopCPUProfile waits for the
	// profile writer that pprof.StartCPUProfile started).
	Join
	// Lock acquires its receiver for writing.
	Lock
	// RLock acquires its receiver for reading.
	RLock
	// Unlock releases a Lock of its receiver.
	Unlock
	// RUnlock releases an RLock of its receiver.
	RUnlock
	// TryLock acquires its receiver for writing where it returns true.
	TryLock
	// TryRLock acquires its receiver for reading where it returns true.
	TryRLock
	// Once runs the function passed as argument Args[0] at most once; every
	// call returns after that run completes.
	Once
	// Handler registers the function or handler value passed as
	// Args[0] with a framework that runs it concurrently with itself
	// (http.HandleFunc): it is an entry point.
	Handler
	// Entry is an interface method whose implementations a framework
	// calls concurrently with themselves ((http.Handler).ServeHTTP):
	// every implementation is an entry point.
	Entry
	// Parallel lets the calling test run concurrently with the other
	// parallel tests ((*testing.T).Parallel); tests run one after another
	// otherwise.
	Parallel
	// Reads only reads the memory its operands reach: it writes none of
	// it, keeps none of it, and its results are new memory
	// (reflect.DeepEqual, whose reflection the heap analysis would
	// otherwise read as writes).
	Reads
	// Exits never returns to its caller: it ends the program (os.Exit,
	// log.Fatal). What follows it is not reached, so a wait that only the
	// other paths pass is a join.
	Exits
	// Unwinds never returns to its caller either, but ends the goroutine
	// running its deferred calls (runtime.Goexit, t.Fatal, log.Panic):
	// what follows it is not reached, its deferred calls are.
	Unwinds
	// Delayed runs the function its Spawn row runs only after a delay the
	// caller gives (time.AfterFunc): the caller's store of the call's
	// result (t.timer = time.AfterFunc(d, f), which f may stop or reset)
	// is not compared with the function. With a delay of zero it could
	// be; that is the trade.
	Delayed
	// Receive returns a message its caller now owns, as a value received
	// from a channel is (an actor's ctx.Message(), a future's Result):
	// new memory, reachable from nothing the caller held before.
	Receive
	// Forward gives up the message its receiver delivered: the results of
	// the Receive rows called on the same receiver (ctx.Forward(pid)).
	Forward
	// Actor is an interface method whose implementations are actor
	// handlers ((actor.Receiver).Receive): the framework runs one actor's
	// handler on one message at a time, so an actor's handlers never run
	// concurrently with each other, only with the goroutines they start
	// and with other actors.
	Actor
	// Become makes the function passed as Args[0] the actor's handler for
	// the next messages ((*actor.Behavior).Become): it is a handler of the
	// same actor, and a successor state of the machine.
	Become
	// WritesElems writes, in place, the elements of the slices passed as
	// Args (sort.Slice, slices.DeleteFunc): the caller's container is
	// written, though the writes are in another package's generic code,
	// whose facts do not name the caller's types.
	WritesElems
	// Done tells the Join rows of its receiver that one of the
	// goroutines they wait for is done (wg.Done): what the goroutine did
	// before it happens before the Join returns.
	Done
	// Counts tells the Join rows of its receiver to wait for one more
	// goroutine (wg.Add): it must run before the goroutine it counts is
	// started. A goroutine that counts itself may not have run its Add
	// yet when the Join returns, which then does not wait for it
	// (SelfCounted).
	Counts
	// Opaque is a function of a package the passes do not analyse
	// (Analysed) that writes or keeps memory its operands reach
	// (runtime.ReadMemStats, runtime.SetFinalizer): rather than the
	// Reads row the other functions of such a package get, it is an
	// unknown callee, for which the strict reading assumes the worst.
	Opaque
	// Copies returns a shallow copy of the container passed as Args[0]:
	// new memory that holds what the container's own memory holds (its
	// keys and values), reads the container and writes none of it
	// (maps.Clone, whose copy the runtime makes out of the analysis's
	// sight, so that the strict reading would otherwise link the copy to
	// the original).
	Copies
	// Serialises calls the methods of the value passed as Args[0] one
	// call at a time, whoever calls it (log.New: "A Logger can be used
	// simultaneously from multiple goroutines; it guarantees to serialize
	// access to the Writer"): through it, those methods never run
	// concurrently with themselves.
	Serialises
	// Element returns a value its receiver holds ((*sync.Map).Load,
	// (*atomic.Pointer[T]).Load): memory every caller that loads it
	// shares, not a copy, so what callers do to it is done to one object,
	// named after the receiver's elements (lockset's m[*]).
	Element
	// Makes returns new memory that no one but the runtime holds when it
	// returns (time.NewTimer): the runtime's own use of it synchronises
	// itself, so the caller's writes to it are writes to its own memory,
	// as to an allocation, not to memory another goroutine may have
	// handed it.
	Makes
	// Subtest runs the function passed as Args[0] as a subtest
	// ((*testing.T).Run): on another goroutine, waited for before the
	// call returns, unless the function calls its test's Parallel row.
	// Then the call returns at once, and the function runs after the
	// calling test function has returned, concurrently with the other
	// parallel subtests of the same test.
	Subtest
	// Invokes calls, before it returns, a method of the interface value
	// passed as Args[0]: the first of Methods that the value's dynamic
	// type has (fmt.Fprintf writes its io.Writer; io.Copy calls its
	// destination's ReadFrom if it has one, Write if not). The callee's
	// own summary cannot say so, since the call goes through an
	// interface its package cannot resolve; the caller, which may know
	// the concrete value (&buf), can.
	Invokes
	// SpawnsActor starts a new actor made by the producer passed as
	// Args[0] (Hollywood's Engine.Spawn, Context.SpawnChild) and returns
	// the address the framework delivers its messages to (a PID): a
	// message sent to that address is handled by the Actor rows'
	// methods of the value the producer returns.
	SpawnsActor
	// Recipient names, as Args[0], the argument of a Transfer row of the
	// same function that addresses the actor the message is delivered to
	// (the pid of Context.Send(pid, msg)).
	Recipient
	// ActorProps returns a description of an actor to spawn (protoactor's
	// *Props) whose actor the producer passed as Args[0] makes: a
	// SpawnsActor row whose argument is such a description starts that
	// actor.
	ActorProps
	// Dispatches hands the context passed as Args[0] to the handler that
	// the last Become row called on the same receiver installed
	// (protoactor's Behavior.Receive): an actor whose Receive does only
	// that is handled by its Become targets.
	Dispatches
	// StopsActor stops the actor addressed by Args[0] before its next
	// message: the framework then hands it only its Final messages
	// (protoactor's Context.Stop, a system message served before the
	// mailbox's user messages).
	StopsActor
	// SelfAddress returns the address of the actor whose handler holds
	// the receiver, its context (protoactor's Context.Self).
	SelfAddress
	// OneReader is an interface method of a reader's side
	// ((io.Reader).Read, (io.WriterTo).WriteTo): a reader has one
	// consumer, which calls these methods one at a time, so that two
	// calls of them on one object do not run concurrently unless its
	// type says it is safe for concurrent use (io.ReaderAt, which allows
	// parallel calls, is not such a row).
	OneReader
	// OneResponder is an interface method of the response side of a
	// request ((net/http.ResponseWriter).Write, WriteHeader, Header,
	// (net/http.Hijacker).Hijack): the handler it was handed to calls
	// these methods, one at a time, so that two calls of them on one
	// object do not run concurrently unless its type says it is safe
	// for concurrent use. (net/http.Flusher).Flush is no such row: many
	// types that are no response writer have a Flush of its signature.
	OneResponder
	// ParentAddress returns the address of the actor that spawned the
	// actor whose handler holds the receiver, its context (protoactor's
	// Context.Parent).
	ParentAddress
	// Awaits runs the function passed as Args[0] on goroutines that the
	// call waits for before it returns (testify's Eventually, which
	// returns once a run of its condition reported success): for its
	// caller, the call calls that function, and gives nothing up to a
	// goroutine, whatever the callee's own summary says.
	Awaits
	// Borrows uses the interface value passed as Args[0] only until it
	// returns: it calls its methods on the caller's goroutine (its own
	// summary says which) and keeps nothing (sort.Sort, heap.Push).
	// Converting a value to an interface only to hand it to such a call
	// exposes none of its methods to other goroutines.
	Borrows
)

var kindNames = [...]string{
	Transfer: "send", Spawn: "spawn", Join: "join",
	Lock: "lock", RLock: "rlock", Unlock: "unlock", RUnlock: "runlock",
	TryLock: "trylock", TryRLock: "tryrlock", Once: "once", Handler: "handler", Entry: "entry",
	Parallel: "parallel", Reads: "reads", Exits: "exits", Unwinds: "unwinds",
	Delayed: "delayed", Receive: "receive", Forward: "forward", Actor: "actor", Become: "become",
	WritesElems: "writeselems", Done: "done", Counts: "counts", Opaque: "opaque", Copies: "copies",
	Serialises: "serialises", Element: "element", Makes: "makes", Subtest: "subtest",
	Invokes: "invokes", SpawnsActor: "spawnsactor", Recipient: "recipient",
	ActorProps: "actorprops", Dispatches: "dispatches", StopsActor: "stopsactor",
	SelfAddress: "selfaddress", OneReader: "onereader", OneResponder: "oneresponder",
	ParentAddress: "parentaddress", Awaits: "awaits", Borrows: "borrows",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Acquires reports whether k takes a lock, and whether for reading only.
func (k Kind) Acquires() (read, ok bool) {
	switch k {
	case Lock, TryLock:
		return false, true
	case RLock, TryRLock:
		return true, true
	}
	return false, false
}

// Releases reports whether k releases a lock.
func (k Kind) Releases() bool { return k == Unlock || k == RUnlock }

// Conditional reports whether k acquires only on its true result.
func (k Kind) Conditional() bool { return k == TryLock || k == TryRLock }

// A Row is one fact about one function or method.
type Row struct {
	// Func is the origin function's (*types.Func).FullName:
	// "pkg/path.F", "(*pkg/path.T).M" or "(pkg/path.I).M", without the
	// type parameters of a generic receiver (RowName).
	Func string
	Kind Kind
	// Args are the indices, among the call's arguments without the
	// receiver, that the row is about: given up, run, or run once.
	Args []int
	// Of, for a Join row of a function without a receiver, names the
	// function (as Func does) whose goroutines the call waits for, or is
	// AnyActivity.
	Of string
	// Capacity, for a Join row of a method, names the constructor (as
	// Func does) whose first argument is the receiver's capacity: the
	// call waits only when its argument Args[0] takes all of it (a
	// semaphore acquired in full, FullWeight).
	Capacity string
	// Methods, for an Invokes row, names the methods of the argument
	// the call may call, the first its dynamic type has.
	Methods []string
	// DefaultOnly marks a row that holds only where the call succeeds:
	// a failed assert.Eventually returns false while the last run of its
	// condition may still go on. The default reading takes the row,
	// since a race there needs a failed test; the strict reading leaves
	// it out (Model.Awaited).
	DefaultOnly bool
	// Publishes marks a Transfer row that makes its argument the value
	// every reader of the receiver loads ((*atomic.Value).Store): the
	// readers share it, and only read it, so the publisher may keep it
	// too (copy-on-write keeps the current value), but any write after
	// the call races with them. The ownership pass checks the uses after
	// the call, not what keeps the value; the lockset pass does not take
	// its type for a message.
	Publishes bool
}

// A Model is a set of rows. The zero Model knows nothing; Default knows
// the standard library and golang.org/x/sync.
type Model struct {
	rows map[string][]Row
	// names holds the last element of every row's name (M for
	// (*pkg.T).M), so that Rows answers most functions, which have none,
	// without building their full names.
	names map[string]bool
	// pkgs holds the package path of every row's name, so that Rows
	// builds the full name only of a function of such a package; any
	// is set when a row's name has no package path.
	pkgs map[string]bool
	any  bool
	// named memoises, by *types.Func, the rows of the functions whose
	// full names Rows had to build: the passes that share a Model resolve
	// the same callees at every call, and the names were most of the
	// garbage of resolving them. A sync.Map, since those passes may run
	// at the same time; Add clears it.
	named sync.Map
	// shared holds the named types declared safe to share (MarkShared),
	// by import path and name.
	shared map[[2]string]bool
	// locked are the types MarkLocked records.
	locked map[[2]string]bool
	// waits holds what functions wait on (SetWaits).
	waits map[*ssa.Function][2][]int
	// counted holds the functions' counted waits (SetCountedWaits).
	counted map[*ssa.Function][]CountedWait
	// noReturn holds the functions of the package that never return,
	// and whether the deferred calls run then (SetNeverReturns).
	noReturn map[*ssa.Function]bool
	// tokens holds the package's token channel fields (SetTokens).
	tokens map[*types.Var]TokenDir
	// tokenVars holds the package's local token channel variables
	// (SetTokenVars).
	tokenVars map[ssa.Value]TokenDir
	// tokenCells maps each key of tokenVars to the variable's Alloc.
	tokenCells map[ssa.Value]*ssa.Alloc

	// Strict selects P#'s conservative reading, in which what the
	// analysis cannot see (an unknown callee, an abstract object merging
	// allocations, a suspected alias) may race, so that silence is a
	// proof under the documented assumptions. The default reading reports
	// only what it has evidence for.
	Strict bool
}

// New returns a model holding rows.
func New(rows ...Row) *Model {
	m := &Model{rows: make(map[string][]Row), names: make(map[string]bool), pkgs: make(map[string]bool)}
	m.Add(rows...)
	return m
}

// Default returns a new model of the standard library, x/sync, testify's
// polling assertions and the actor frameworks (actors.go).
func Default() *Model {
	m := New(stdRows...)
	m.Add(testifyRows...)
	for _, f := range Frameworks {
		m.Add(f.Rows...)
	}
	return m
}

// Add adds rows to m. A row equal to one m holds is not added twice.
func (m *Model) Add(rows ...Row) {
	for _, r := range rows {
		if !slices.ContainsFunc(m.rows[r.Func], func(o Row) bool { return o.Kind == r.Kind && slices.Equal(o.Args, r.Args) && o.Of == r.Of }) {
			m.rows[r.Func] = append(m.rows[r.Func], r)
			m.named.Clear()
			m.names[r.Func[strings.LastIndex(r.Func, ".")+1:]] = true
			if pkg := rowPkg(r.Func); pkg != "" {
				m.pkgs[pkg] = true
			} else {
				m.any = true
			}
		}
	}
}

// Rows returns the rows of fn, by the full name of its origin. A
// function of a package the passes do not analyse (Analysed) has a Reads
// row unless rows say otherwise.
func (m *Model) Rows(fn *types.Func) []Row {
	if m == nil || fn == nil {
		return nil
	}
	var rows []Row
	if m.names[fn.Name()] && (m.any || fn.Pkg() == nil || m.pkgs[fn.Pkg().Path()]) {
		rows = m.namedRows(fn)
	}
	if rows == nil && !Analysed(fn.Pkg()) {
		return readsRows
	}
	return rows
}

// namedRows returns the rows of fn by its full name (RowName), built once
// per function.
func (m *Model) namedRows(fn *types.Func) []Row {
	if rows, ok := m.named.Load(fn); ok {
		return rows.([]Row)
	}
	rows := m.rows[RowName(fn)]
	m.named.Store(fn, rows)
	return rows
}

// rowPkg returns the package path of a row's name (RowName), or "" if it
// has none: "pkg/path" for "pkg/path.F", "(pkg/path.T).M" and
// "(*pkg/path.T).M".
func rowPkg(name string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
	if i := strings.IndexByte(s, ')'); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '['); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '.'); i > 0 {
		return s[:i]
	}
	return ""
}

// readsRows are the rows of a function that only reads its operands.
var readsRows = []Row{{Kind: Reads}}

// RowName is the name rows give fn: the full name of its origin, with the
// type parameters of a generic receiver left out
// ("(pkg/path.Sender).Send" for (pkg/path.Sender[T any]).Send).
func RowName(fn *types.Func) string {
	name := fn.Origin().FullName()
	if !strings.Contains(name, "[") {
		return name
	}
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Find returns fn's row of kind k.
func (m *Model) Find(fn *types.Func, k Kind) (Row, bool) { return rowOf(m.Rows(fn), k) }

// rowOf returns the row of kind k among rows.
// Awaited returns the function that call runs on goroutines it waits
// for (an Awaits row), or nil. The strict reading leaves out a
// DefaultOnly row.
func (m *Model) Awaited(call Call) ssa.Value {
	r, ok := call.Row(Awaits)
	if !ok || len(r.Args) == 0 || r.DefaultOnly && m.Strict {
		return nil
	}
	return call.Arg(r.Args[0])
}

func rowOf(rows []Row, k Kind) (Row, bool) {
	for _, r := range rows {
		if r.Kind == k {
			return r, true
		}
	}
	return Row{}, false
}

// A Call is a call instruction resolved against the model.
type Call struct {
	// Func is the function or interface method called.
	Func *types.Func
	// Recv is the receiver operand, or nil for a function.
	Recv ssa.Value
	// Args are the arguments without the receiver.
	Args []ssa.Value
	// Rows are the model's rows of Func.
	Rows []Row
}

// Resolve returns the model's view of a call: a static call of a function
// or method, or an interface method call. ok is false for calls of
// function values, builtins and functions with no types.Func.
func (m *Model) Resolve(c *ssa.CallCommon) (call Call, ok bool) {
	if c.IsInvoke() {
		return Call{Func: c.Method, Recv: c.Value, Args: c.Args, Rows: m.Rows(c.Method)}, true
	}
	callee := c.StaticCallee()
	if callee == nil {
		return Call{}, false
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		return Call{}, false
	}
	call = Call{Func: obj, Args: c.Args}
	if obj.Signature().Recv() != nil && len(c.Args) > 0 {
		call.Recv, call.Args = c.Args[0], c.Args[1:]
	}
	call.Rows = m.Rows(obj)
	return call, true
}

// Row returns the call's row of kind k.
func (c Call) Row(k Kind) (Row, bool) { return rowOf(c.Rows, k) }

// Modelled reports whether a row says what the call does: any row but
// those that only say whom it addresses (Recipient, SpawnsActor,
// ActorProps, Dispatches), which tell the strict reading where a message
// goes, not what runs, and those
// that say which methods of an argument it calls (Invokes) or that it only
// borrows the argument (Borrows), which run on the caller's goroutine.
func (c Call) Modelled() bool {
	for _, r := range c.Rows {
		switch r.Kind {
		case Recipient, SpawnsActor, ActorProps, Dispatches, Invokes, StopsActor, SelfAddress, ParentAddress, Borrows:
		default:
			return true
		}
	}
	return false
}

// Joins reports whether the call waits for the goroutines started on its
// receiver: a Join row of a method, whose Capacity, if any, the call takes
// in full.
func (c Call) Joins() bool {
	r, ok := c.Row(Join)
	if !ok || c.Recv == nil {
		return false
	}
	return r.Capacity == "" || len(r.Args) == 1 && FullWeight(c.Recv, c.Arg(r.Args[0]), r.Capacity)
}

// Arg returns argument i (without the receiver), or nil.
func (c Call) Arg(i int) ssa.Value {
	if i < 0 || i >= len(c.Args) {
		return nil
	}
	return c.Args[i]
}
