// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/types"
	"strings"
)

// testifyRows are testify's assertions that poll a condition, and
// require's that always fail. Each run of a polled condition is a
// goroutine, and the call starts the next only once the last one
// reported, and returns after the one that reported success (assert's
// Eventually, and require's, which calls it and ends the test if it
// fails). Those rows hold in the default reading only: a call that fails
// returns, or ends the test, while the last run may still go on. Never
// is no row: it returns when its time is up, whatever runs then.
var testifyRows = func() []Row {
	var rows []Row
	for _, pkg := range []string{"github.com/stretchr/testify/assert", "github.com/stretchr/testify/require"} {
		for _, name := range []string{"Eventually", "Eventuallyf", "EventuallyWithT", "EventuallyWithTf"} {
			rows = append(rows,
				Row{Func: pkg + "." + name, Kind: Awaits, Args: []int{1}, DefaultOnly: true},
				Row{Func: "(*" + pkg + ".Assertions)." + name, Kind: Awaits, Args: []int{0}, DefaultOnly: true})
		}
	}
	// require's failures call t.FailNow: they end the test's goroutine,
	// as t.Fatal does (a select's timeout case, case <-time.After(d):
	// require.Fail(t, "timeout")).
	const require = "github.com/stretchr/testify/require"
	for _, name := range []string{"Fail", "Failf", "FailNow", "FailNowf"} {
		rows = append(rows,
			Row{Func: require + "." + name, Kind: Unwinds},
			Row{Func: "(*" + require + ".Assertions)." + name, Kind: Unwinds})
	}
	return rows
}()

// stdRows is what the standard library and golang.org/x/sync do to
// concurrency, one row per fact.
var stdRows = []Row{
	// Calls that run a function on another goroutine.
	{Func: "(*sync.WaitGroup).Go", Kind: Spawn, Args: []int{0}},
	{Func: "(*golang.org/x/sync/errgroup.Group).Go", Kind: Spawn, Args: []int{0}},
	{Func: "(*golang.org/x/sync/errgroup.Group).TryGo", Kind: Spawn, Args: []int{0}},
	{Func: "time.AfterFunc", Kind: Spawn, Args: []int{1}},
	{Func: "time.AfterFunc", Kind: Delayed},
	// Constructors whose result is memory of the caller's alone.
	{Func: "time.NewTimer", Kind: Makes},
	{Func: "time.NewTicker", Kind: Makes},
	{Func: "time.AfterFunc", Kind: Makes},
	{Func: "context.AfterFunc", Kind: Spawn, Args: []int{1}},

	// Calls that wait for the goroutines started on their receiver, and
	// the call by which one of those says it is done.
	{Func: "(*sync.WaitGroup).Wait", Kind: Join},
	{Func: "(*sync.WaitGroup).Done", Kind: Done},
	{Func: "(*sync.WaitGroup).Add", Kind: Counts},
	{Func: "(*golang.org/x/sync/errgroup.Group).Wait", Kind: Join},
	// A weighted semaphore acquired in full waits for every holder to
	// release its share: the idiom that waits for workers each started
	// holding a share, which they release when done.
	{Func: "(*golang.org/x/sync/semaphore.Weighted).Acquire", Kind: Join, Args: []int{1}, Capacity: "golang.org/x/sync/semaphore.NewWeighted"},
	{Func: "(*golang.org/x/sync/semaphore.Weighted).Release", Kind: Done},
	// Calls documented to return only after the goroutines another call
	// started are done: "StopCPUProfile … returns after all the writes for
	// the profile have completed"; trace.Stop "only returns after all the
	// writes for the trace have completed".
	{Func: "runtime/pprof.StopCPUProfile", Kind: Join, Of: "runtime/pprof.StartCPUProfile"},
	{Func: "runtime/trace.Stop", Kind: Join, Of: "runtime/trace.Start"},
	// "The synctest.Wait function establishes a happens-before
	// relationship between all activity in a bubble and the Wait call
	// returning" (go.dev/issue/74352): what a goroutine did with a message
	// before it blocked precedes what the test does after Wait.
	{Func: "testing/synctest.Wait", Kind: Join, Of: AnyActivity},

	// Containers that hand every caller the value they hold: what one
	// caller writes through it, another reads.
	{Func: "(*sync.Map).Load", Kind: Element},
	{Func: "(*sync.Map).LoadOrStore", Kind: Element},
	{Func: "(*sync.Map).LoadAndDelete", Kind: Element},
	{Func: "(*sync/atomic.Value).Load", Kind: Element},
	{Func: "(*sync/atomic.Pointer).Load", Kind: Element},

	// Locks.
	{Func: "(*sync.Mutex).Lock", Kind: Lock},
	{Func: "(*sync.Mutex).Unlock", Kind: Unlock},
	{Func: "(*sync.Mutex).TryLock", Kind: TryLock},
	{Func: "(*sync.RWMutex).Lock", Kind: Lock},
	{Func: "(*sync.RWMutex).Unlock", Kind: Unlock},
	{Func: "(*sync.RWMutex).TryLock", Kind: TryLock},
	{Func: "(*sync.RWMutex).RLock", Kind: RLock},
	{Func: "(*sync.RWMutex).RUnlock", Kind: RUnlock},
	{Func: "(*sync.RWMutex).TryRLock", Kind: TryRLock},
	{Func: "(sync.Locker).Lock", Kind: Lock},
	{Func: "(sync.Locker).Unlock", Kind: Unlock},

	{Func: "(*sync.Once).Do", Kind: Once, Args: []int{0}},

	// Publications: what an atomic value stores, its readers load and
	// share; writing it afterwards races with them.
	{Func: "(*sync/atomic.Value).Store", Kind: Transfer, Args: []int{0}, Publishes: true},
	{Func: "(*sync/atomic.Value).Swap", Kind: Transfer, Args: []int{0}, Publishes: true},
	{Func: "(*sync/atomic.Value).CompareAndSwap", Kind: Transfer, Args: []int{1}, Publishes: true},
	{Func: "(*sync/atomic.Pointer).Store", Kind: Transfer, Args: []int{0}, Publishes: true},
	{Func: "(*sync/atomic.Pointer).Swap", Kind: Transfer, Args: []int{0}, Publishes: true},
	{Func: "(*sync/atomic.Pointer).CompareAndSwap", Kind: Transfer, Args: []int{1}, Publishes: true},

	// Entry points: code a framework runs concurrently with itself.
	{Func: "net/http.HandleFunc", Kind: Handler, Args: []int{1}},
	{Func: "net/http.Handle", Kind: Handler, Args: []int{1}},
	{Func: "(*net/http.ServeMux).HandleFunc", Kind: Handler, Args: []int{1}},
	{Func: "(*net/http.ServeMux).Handle", Kind: Handler, Args: []int{1}},
	{Func: "(net/http.Handler).ServeHTTP", Kind: Entry},

	// A reader's side: one consumer calls these methods one at a time.
	{Func: "(io.Reader).Read", Kind: OneReader},
	{Func: "(io.ByteReader).ReadByte", Kind: OneReader},
	{Func: "(io.ByteScanner).UnreadByte", Kind: OneReader},
	{Func: "(io.RuneReader).ReadRune", Kind: OneReader},
	{Func: "(io.RuneScanner).UnreadRune", Kind: OneReader},
	{Func: "(io.WriterTo).WriteTo", Kind: OneReader},
	// net/rpc reads the messages of a connection in one loop: "calls
	// ReadResponseHeader and ReadResponseBody in pairs".
	{Func: "(net/rpc.ClientCodec).ReadResponseHeader", Kind: OneReader},
	{Func: "(net/rpc.ClientCodec).ReadResponseBody", Kind: OneReader},
	{Func: "(net/rpc.ServerCodec).ReadRequestHeader", Kind: OneReader},
	{Func: "(net/rpc.ServerCodec).ReadRequestBody", Kind: OneReader},

	// The response side of a request: its handler calls these methods
	// one at a time.
	{Func: "(net/http.ResponseWriter).Header", Kind: OneResponder},
	{Func: "(net/http.ResponseWriter).Write", Kind: OneResponder},
	{Func: "(net/http.ResponseWriter).WriteHeader", Kind: OneResponder},
	{Func: "(net/http.Hijacker).Hijack", Kind: OneResponder},
	{Func: "(net/http.Pusher).Push", Kind: OneResponder},

	// Tests.
	{Func: "(*testing.T).Parallel", Kind: Parallel},
	{Func: "(*testing.T).Run", Kind: Subtest, Args: []int{1}},

	// Calls that never return: they end the program (Exits), or the
	// goroutine after running its deferred calls (Unwinds).
	{Func: "os.Exit", Kind: Exits},
	{Func: "runtime.Goexit", Kind: Unwinds},
	{Func: "log.Fatal", Kind: Exits},
	{Func: "log.Fatalf", Kind: Exits},
	{Func: "log.Fatalln", Kind: Exits},
	{Func: "log.Panic", Kind: Unwinds},
	{Func: "log.Panicf", Kind: Unwinds},
	{Func: "log.Panicln", Kind: Unwinds},
	{Func: "(*log.Logger).Fatal", Kind: Exits},
	{Func: "(*log.Logger).Fatalf", Kind: Exits},
	{Func: "(*log.Logger).Fatalln", Kind: Exits},
	{Func: "(*log.Logger).Panic", Kind: Unwinds},
	{Func: "(*log.Logger).Panicf", Kind: Unwinds},
	{Func: "(*log.Logger).Panicln", Kind: Unwinds},
	{Func: "(*testing.common).FailNow", Kind: Unwinds},
	{Func: "(*testing.common).Fatal", Kind: Unwinds},
	{Func: "(*testing.common).Fatalf", Kind: Unwinds},
	{Func: "(*testing.common).SkipNow", Kind: Unwinds},
	{Func: "(*testing.common).Skip", Kind: Unwinds},
	{Func: "(*testing.common).Skipf", Kind: Unwinds},
	{Func: "(testing.TB).FailNow", Kind: Unwinds},
	{Func: "(testing.TB).Fatal", Kind: Unwinds},
	{Func: "(testing.TB).Fatalf", Kind: Unwinds},
	{Func: "(testing.TB).SkipNow", Kind: Unwinds},
	{Func: "(testing.TB).Skip", Kind: Unwinds},
	{Func: "(testing.TB).Skipf", Kind: Unwinds},

	// Calls that only read what their operands reach.
	{Func: "reflect.DeepEqual", Kind: Reads},

	// Functions of the runtime, which the passes do not analyse (see
	// unanalysed), that write or keep what their operands reach.
	{Func: "runtime.ReadMemStats", Kind: Opaque},
	{Func: "runtime.Callers", Kind: Opaque},
	{Func: "runtime.CallersFrames", Kind: Opaque},
	{Func: "(*runtime.Frames).Next", Kind: Opaque},
	{Func: "runtime.Stack", Kind: Opaque},
	{Func: "runtime.BlockProfile", Kind: Opaque},
	{Func: "runtime.MemProfile", Kind: Opaque},
	{Func: "runtime.MutexProfile", Kind: Opaque},
	{Func: "runtime.GoroutineProfile", Kind: Opaque},
	{Func: "runtime.ThreadCreateProfile", Kind: Opaque},
	{Func: "runtime.SetFinalizer", Kind: Opaque},
	{Func: "runtime.AddCleanup", Kind: Opaque},
	{Func: "(*runtime.Pinner).Pin", Kind: Opaque},
	{Func: "(*runtime.Pinner).Unpin", Kind: Opaque},

	// Calls that return a shallow copy of a container: maps.Clone's body
	// hands the map to the runtime (maps.clone, linked by name).
	{Func: "maps.Clone", Kind: Copies, Args: []int{0}},
	// slices.Clone's body appends to a zero-capacity slice, so its result
	// is a new array the caller alone holds; as a row, it is memory the
	// caller made, as an allocation is, not a call's result that may be
	// memory another goroutine handed over.
	{Func: "slices.Clone", Kind: Copies, Args: []int{0}},

	// Calls that call the methods of an interface argument before they
	// return and keep nothing of it.
	{Func: "sort.Sort", Kind: Borrows, Args: []int{0}},
	{Func: "sort.Stable", Kind: Borrows, Args: []int{0}},
	{Func: "sort.IsSorted", Kind: Borrows, Args: []int{0}},
	{Func: "container/heap.Init", Kind: Borrows, Args: []int{0}},
	{Func: "container/heap.Push", Kind: Borrows, Args: []int{0}},
	{Func: "container/heap.Pop", Kind: Borrows, Args: []int{0}},
	{Func: "container/heap.Fix", Kind: Borrows, Args: []int{0}},
	{Func: "container/heap.Remove", Kind: Borrows, Args: []int{0}},

	// Calls that keep a writer and call it one write at a time.
	{Func: "log.New", Kind: Serialises, Args: []int{0}},
	{Func: "log.SetOutput", Kind: Serialises, Args: []int{0}},
	{Func: "(*log.Logger).SetOutput", Kind: Serialises, Args: []int{0}},

	// Calls that call a method of an interface argument before they
	// return: what that method does to the caller's value (&buf) is done
	// at the call.
	{Func: "fmt.Fprint", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},
	{Func: "fmt.Fprintf", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},
	{Func: "fmt.Fprintln", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},
	{Func: "fmt.Fscan", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadRune", "Read"}},
	{Func: "fmt.Fscanf", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadRune", "Read"}},
	{Func: "fmt.Fscanln", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadRune", "Read"}},
	{Func: "io.WriteString", Kind: Invokes, Args: []int{0}, Methods: []string{"WriteString", "Write"}},
	{Func: "io.ReadAll", Kind: Invokes, Args: []int{0}, Methods: []string{"Read"}},
	{Func: "io.ReadFull", Kind: Invokes, Args: []int{0}, Methods: []string{"Read"}},
	{Func: "io.ReadAtLeast", Kind: Invokes, Args: []int{0}, Methods: []string{"Read"}},
	{Func: "io.Copy", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadFrom", "Write"}},
	{Func: "io.Copy", Kind: Invokes, Args: []int{1}, Methods: []string{"WriteTo", "Read"}},
	{Func: "io.CopyBuffer", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadFrom", "Write"}},
	{Func: "io.CopyBuffer", Kind: Invokes, Args: []int{1}, Methods: []string{"WriteTo", "Read"}},
	{Func: "io.CopyN", Kind: Invokes, Args: []int{0}, Methods: []string{"ReadFrom", "Write"}},
	{Func: "io.CopyN", Kind: Invokes, Args: []int{1}, Methods: []string{"Read"}},
	{Func: "encoding/binary.Write", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},
	{Func: "encoding/binary.Read", Kind: Invokes, Args: []int{0}, Methods: []string{"Read"}},
	{Func: "(*text/template.Template).Execute", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},
	{Func: "(*html/template.Template).Execute", Kind: Invokes, Args: []int{0}, Methods: []string{"Write"}},

	// Calls that write the elements of a slice argument in place.
	{Func: "sort.Slice", Kind: WritesElems, Args: []int{0}},
	{Func: "sort.SliceStable", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Sort", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.SortFunc", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.SortStableFunc", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Reverse", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Delete", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.DeleteFunc", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Compact", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.CompactFunc", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Insert", Kind: WritesElems, Args: []int{0}},
	{Func: "slices.Replace", Kind: WritesElems, Args: []int{0}},
}

// unanalysed lists the packages the passes do not analyse, by import path
// ("p/..." for p's subpackages): the runtime, which implements goroutines,
// channels, maps and the scheduler with locks and atomics of its own that
// no caller can name, and the internal packages that only it imports.
// Every package waits for the runtime's facts, so its analysis sat on the
// critical path of every vet run, a third of a small module's time, for
// facts no caller used. Their functions only read what their operands
// reach (Rows gives them a Reads row), except the Opaque rows above.
var unanalysed = []string{"runtime", "internal/runtime/..."}

// Analysed reports whether the passes analyse the code of pkg; nil (the
// universe) is not code.
func Analysed(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	path := pkg.Path()
	for _, u := range unanalysed {
		if prefix, ok := strings.CutSuffix(u, "/..."); ok {
			if strings.HasPrefix(path, prefix+"/") {
				return false
			}
		} else if path == u {
			return false
		}
	}
	return true
}

// A TypeClass says how values of a named type behave when shared.
type TypeClass uint8

const (
	// Immutable types are never mutated after construction, by
	// convention: sharing them is not a race.
	Immutable TypeClass = iota + 1
	// SafeType values are documented as safe for concurrent use.
	SafeType
	// LockType values are locks: sharing them is how code shares memory
	// under a lock.
	LockType
	// HandlerFuncType is a function type that makes the functions
	// converted to it entry points (http.HandlerFunc).
	HandlerFuncType
	// HandlerContext values are lent by an actor framework to one call of
	// a handler and reused for the next message (Hollywood's
	// *actor.Context): they must not outlive the handler.
	HandlerContext
)

// concurrentContracts are the standard interfaces whose documentation
// makes every implementation safe for concurrent use ("Multiple goroutines
// may invoke methods on a Conn simultaneously"), by the methods that make
// a type one, with their numbers of parameters and results: a named type
// whose pointer has all of them (a *tls.Conn, a user's wrapped conn) is
// safe by convention, as the net package's own connections are.
var concurrentContracts = []struct {
	iface   string
	methods []contractMethod
}{
	{"net.Conn", []contractMethod{{"Read", 1, 2}, {"Write", 1, 2}, {"Close", 0, 1}, {"LocalAddr", 0, 1}, {"RemoteAddr", 0, 1}, {"SetDeadline", 1, 1}, {"SetReadDeadline", 1, 1}, {"SetWriteDeadline", 1, 1}}},
	{"net.PacketConn", []contractMethod{{"ReadFrom", 1, 3}, {"WriteTo", 2, 2}, {"Close", 0, 1}, {"LocalAddr", 0, 1}, {"SetDeadline", 1, 1}, {"SetReadDeadline", 1, 1}, {"SetWriteDeadline", 1, 1}}},
	{"net.Listener", []contractMethod{{"Accept", 0, 2}, {"Close", 0, 1}, {"Addr", 0, 1}}},
}

// minContractMethods is the fewest methods a contract of
// concurrentContracts requires, computed once from the table.
var minContractMethods = func() int {
	least := 0
	for i, c := range concurrentContracts {
		if i == 0 || len(c.methods) < least {
			least = len(c.methods)
		}
	}
	return least
}()

// A contractMethod is a method an interface of concurrentContracts
// requires, with its numbers of parameters and results.
type contractMethod struct {
	name            string
	params, results int
}

// stdTypes classifies named standard types, keyed by import path and
// name ("" for the universe).
var stdTypes = map[[2]string]TypeClass{
	{"", "error"}:             Immutable,
	{"context", "Context"}:    Immutable,
	{"time", "Time"}:          Immutable,
	{"time", "Location"}:      Immutable,
	{"time", "Duration"}:      Immutable,
	{"reflect", "Type"}:       Immutable,
	{"net/netip", "Addr"}:     Immutable,
	{"net", "Addr"}:           Immutable,
	{"net/netip", "AddrPort"}: Immutable,
	{"net/netip", "Prefix"}:   Immutable,
	{"regexp", "Regexp"}:      Immutable,

	{"log/slog", "Logger"}:         SafeType,
	{"log", "Logger"}:              SafeType,
	{"net", "Conn"}:                SafeType,
	{"net", "PacketConn"}:          SafeType,
	{"net", "Listener"}:            SafeType,
	{"net", "TCPConn"}:             SafeType,
	{"net", "UDPConn"}:             SafeType,
	{"net", "UnixConn"}:            SafeType,
	{"net", "IPConn"}:              SafeType,
	{"net", "TCPListener"}:         SafeType,
	{"net", "UnixListener"}:        SafeType,
	{"os", "File"}:                 SafeType,
	{"net/http", "Client"}:         SafeType,
	{"strings", "Replacer"}:        SafeType,
	{"context", "CancelFunc"}:      SafeType,
	{"context", "CancelCauseFunc"}: SafeType,

	{"sync", "Mutex"}:   LockType,
	{"sync", "RWMutex"}: LockType,
	{"sync", "Locker"}:  LockType,

	{"net/http", "HandlerFunc"}: HandlerFuncType,
}
