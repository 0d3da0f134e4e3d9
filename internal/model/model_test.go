// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/psharpvet/psharpvet/internal/model"
)

// validRows are rows ParseRow accepts, with what it parses them to: cases
// of TestParseRow and seeds of the fuzz targets.
var validRows = []struct {
	kind model.Kind
	in   string
	want model.Row
}{
	{model.Spawn, "example.com/pool.Submit:1", model.Row{Func: "example.com/pool.Submit", Kind: model.Spawn, Args: []int{1}}},
	{model.Transfer, " (*example.com/actor.PID).Tell:0 ", model.Row{Func: "(*example.com/actor.PID).Tell", Kind: model.Transfer, Args: []int{0}}},
	{model.Transfer, "(*example.com/actor.Context).Request:0, 2", model.Row{Func: "(*example.com/actor.Context).Request", Kind: model.Transfer, Args: []int{0, 2}}},
	{model.Join, "(example.com/actor.Future).Wait", model.Row{Func: "(example.com/actor.Future).Wait", Kind: model.Join}},
	{model.Lock, "(*example.com/spin.Lock).Acquire", model.Row{Func: "(*example.com/spin.Lock).Acquire", Kind: model.Lock}},
	{model.Once, "(*example.com/lazy.Value).Init:0", model.Row{Func: "(*example.com/lazy.Value).Init", Kind: model.Once, Args: []int{0}}},
	{model.Join, "example.com/x/y.WaitAll", model.Row{Func: "example.com/x/y.WaitAll", Kind: model.Join}},
}

// invalidRows are rows ParseRow rejects, with a part of its message: cases
// of TestParseRow and seeds of the fuzz targets.
var invalidRows = []struct {
	kind model.Kind
	in   string
	want string // a part of the error message
}{
	{model.Spawn, "example.com/pool.Submit", "needs an argument index, as in example.com/pool.Submit:0"},
	{model.Transfer, "(*example.com/actor.PID).Tell", "needs an argument index"},
	{model.Once, "(*example.com/lazy.Value).Init", "needs an argument index"},
	{model.Spawn, "example.com/pool.Submit:0,1", "takes exactly one argument index"},
	{model.Join, "(*example.com/actor.Future).Wait:0", "takes no argument index"},
	{model.Lock, "(*example.com/spin.Lock).Acquire:0", "takes no argument index"},
	{model.Transfer, "example.com/actor.Send:-1", `argument index "-1" is not a non-negative integer`},
	{model.Transfer, "example.com/actor.Send:x", `argument index "x" is not a non-negative integer`},
	{model.Transfer, "example.com/actor.Send:", `argument index "" is not a non-negative integer`},
	{model.Transfer, "Send:0", `"Send" has no package path`},
	{model.Join, "(*Future).Wait", `receiver "Future" has no package path`},
	{model.Join, "(*example.com/actor.Future.Wait", "malformed method name"},
	{model.Join, "(*example.com/actor.Future).", "malformed method name"},
	{model.Join, "(*example.com/actor.Future).9Wait", `method name "9Wait" is not an identifier`},
	{model.Transfer, "example.com/actor.*Send:0", "is not a function name"},
	{model.Spawn, "example.com/pool\n.Submit", "has white space or a control character"},
}

func TestParseRow(t *testing.T) {
	for _, tc := range validRows {
		got, err := model.ParseRow(tc.kind, tc.in)
		if err != nil {
			t.Errorf("ParseRow(%v, %q): unexpected error %v", tc.kind, tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseRow(%v, %q) = %+v, want %+v", tc.kind, tc.in, got, tc.want)
		}
	}

	for _, tc := range invalidRows {
		_, err := model.ParseRow(tc.kind, tc.in)
		if err == nil {
			t.Errorf("ParseRow(%v, %q): no error, want one containing %q", tc.kind, tc.in, tc.want)
			continue
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\r") {
			t.Errorf("ParseRow(%v, %q): error is not one line: %q", tc.kind, tc.in, msg)
		}
		if !strings.Contains(msg, tc.want) {
			t.Errorf("ParseRow(%v, %q) = %q, want it to contain %q", tc.kind, tc.in, msg, tc.want)
		}
		// The message names the kind and quotes the row, so that a user
		// with several flags knows which one to fix.
		if prefix := tc.kind.String() + " row "; !strings.HasPrefix(msg, prefix) {
			t.Errorf("ParseRow(%v, %q) = %q, want the prefix %q", tc.kind, tc.in, msg, prefix)
		}
	}
}

func TestRowsFlag(t *testing.T) {
	f := &model.RowsFlag{Kind: model.Transfer}
	if err := f.Set("example.com/a.Send:0; (*example.com/b.PID).Request:0,2;"); err != nil {
		t.Fatal(err)
	}
	if err := f.Set("(example.com/c.Mailbox).Post:1"); err != nil {
		t.Fatal(err)
	}
	want := "example.com/a.Send:0;(*example.com/b.PID).Request:0,2;(example.com/c.Mailbox).Post:1"
	if got := f.String(); got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
	g := &model.RowsFlag{Kind: model.Transfer}
	if err := g.Set(f.String()); err != nil {
		t.Fatalf("Set(String()) = %v", err)
	}
	if !reflect.DeepEqual(g.Rows, f.Rows) {
		t.Errorf("round trip: %+v, want %+v", g.Rows, f.Rows)
	}
	if err := g.Set("example.com/a.Send:0;example.com/a.Broken"); err == nil {
		t.Error("Set with a row missing its index: no error")
	}
	if len(g.Rows) != 4 {
		// The valid rows before the bad one are kept; the flag package
		// stops at the error anyway.
		t.Errorf("after a failing Set: %d rows, want 4", len(g.Rows))
	}
	j := &model.RowsFlag{Kind: model.Join}
	if err := j.Set("(*example.com/a.Group).Wait;(example.com/a.Future).Await"); err != nil {
		t.Fatal(err)
	}
	if got, want := j.String(), "(*example.com/a.Group).Wait;(example.com/a.Future).Await"; got != want {
		t.Errorf("join flag String() = %q, want %q", got, want)
	}
	var nilFlag *model.RowsFlag
	if nilFlag.String() != "" {
		t.Error("String of a nil flag is not empty")
	}
}

// fuzzKind maps a fuzzer's byte to a kind, most often to one that
// exists, sometimes to the zero kind or past the last.
func fuzzKind(b byte) model.Kind { return model.Kind(b % (byte(model.WritesElems) + 2)) }

// checkRowError checks the message of a row ParseRow rejected: one line
// that names the kind, since the flag package prints it as the whole
// error of a command line.
func checkRowError(t *testing.T, k model.Kind, in string, err error) {
	t.Helper()
	msg := err.Error()
	if msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("%v row %q: error %q is empty or not one line", k, in, msg)
	}
	if prefix := k.String() + " row "; !strings.HasPrefix(msg, prefix) {
		t.Fatalf("%v row %q: error %q does not begin with %q", k, in, msg, prefix)
	}
}

// FuzzParseRow checks ParseRow on any row of any kind: it does not panic,
// a rejected row gets a one-line message, and an accepted one is a row of
// that kind that parses to itself again from the form the flag prints.
func FuzzParseRow(f *testing.F) {
	for _, tc := range validRows {
		f.Add(byte(tc.kind), tc.in)
	}
	for _, tc := range invalidRows {
		f.Add(byte(tc.kind), tc.in)
	}
	f.Fuzz(func(t *testing.T, kind byte, in string) {
		k := fuzzKind(kind)
		r, err := model.ParseRow(k, in)
		if err != nil {
			checkRowError(t, k, in, err)
			return
		}
		if r.Kind != k || r.Func == "" || slices.ContainsFunc(r.Args, func(a int) bool { return a < 0 }) {
			t.Fatalf("ParseRow(%v, %q) = %+v: not a row of that kind with a name and indices", k, in, r)
		}
		printed := (&model.RowsFlag{Kind: k, Rows: []model.Row{r}}).String()
		again, err := model.ParseRow(k, printed)
		if err != nil {
			t.Fatalf("ParseRow(%v, %q) = %+v, printed %q, which it rejects: %v", k, in, r, printed, err)
		}
		if !reflect.DeepEqual(again, r) {
			t.Fatalf("ParseRow(%v, %q) = %+v, printed %q, which parses to %+v", k, in, r, printed, again)
		}
	})
}

// FuzzRowsFlag checks the value of a -concur.send, -concur.spawn or
// -concur.join flag, rows separated by ';': Set does not panic, rejects
// with a one-line message, and what it accepts prints as rows that Set
// reads back to the same rows, printed the same way.
func FuzzRowsFlag(f *testing.F) {
	for _, s := range []string{
		"example.com/a.Send:0; (*example.com/b.PID).Request:0,2;",
		"(example.com/c.Mailbox).Post:1",
		"example.com/a.Send:0;example.com/a.Broken",
		"(*example.com/a.Group).Wait;(example.com/a.Future).Await",
		"",
		";;",
	} {
		f.Add(byte(model.Transfer), s)
		f.Add(byte(model.Join), s)
	}
	for _, tc := range validRows {
		f.Add(byte(tc.kind), tc.in+";"+tc.in)
	}
	for _, tc := range invalidRows {
		f.Add(byte(tc.kind), tc.in)
	}
	f.Fuzz(func(t *testing.T, kind byte, value string) {
		k := fuzzKind(kind)
		flag := &model.RowsFlag{Kind: k}
		if err := flag.Set(value); err != nil {
			checkRowError(t, k, value, err)
			return
		}
		printed := flag.String()
		again := &model.RowsFlag{Kind: k}
		if err := again.Set(printed); err != nil {
			t.Fatalf("Set(%q) printed %q, which Set rejects: %v", value, printed, err)
		}
		if !reflect.DeepEqual(again.Rows, flag.Rows) {
			t.Fatalf("Set(%q) = %+v, printed %q, which Set reads as %+v", value, flag.Rows, printed, again.Rows)
		}
		if again.String() != printed {
			t.Fatalf("Set(%q) printed %q, then %q", value, printed, again.String())
		}
	})
}

// build type-checks and builds src (package p) with the standard library
// from export data.
func build(t *testing.T, src string) (*types.Package, *ssa.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("example.com/p", "p")
	conf := &types.Config{Importer: importer.Default()}
	ssapkg, _, err := ssautil.BuildPackage(conf, fset, pkg, []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, ssapkg
}

const callsSrc = `package p

import (
	"context"
	"sync"
	"time"
)

type T struct{}

func (T) Wait() {}

func calls(ctx context.Context, wg *sync.WaitGroup, rw *sync.RWMutex, l sync.Locker, once *sync.Once, t T) {
	wg.Go(func() {})
	wg.Wait()
	rw.RLock()
	rw.RUnlock()
	ok := rw.TryLock()
	_ = ok
	l.Lock()
	l.Unlock()
	once.Do(func() {})
	time.AfterFunc(time.Second, func() {})
	time.NewTimer(time.Second)
	context.AfterFunc(ctx, func() {})
	t.Wait()
	f := func() {}
	f()
}
`

func TestDefaultResolve(t *testing.T) {
	_, pkg := build(t, callsSrc)
	m := model.Default()
	type seen struct {
		kinds []model.Kind
		recv  bool
	}
	got := make(map[string]seen)
	unresolved := 0
	fn := pkg.Func("calls")
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c, ok := m.Resolve(call.Common())
			if !ok {
				unresolved++
				continue
			}
			var kinds []model.Kind
			for _, r := range c.Rows {
				kinds = append(kinds, r.Kind)
				for _, a := range r.Args {
					if c.Arg(a) == nil {
						t.Errorf("%s: row index %d has no argument", c.Func.FullName(), a)
					} else if _, isSig := c.Arg(a).Type().Underlying().(*types.Signature); !isSig {
						t.Errorf("%s: argument %d is a %s, want the function", c.Func.FullName(), a, c.Arg(a).Type())
					}
				}
			}
			got[c.Func.FullName()] = seen{kinds, c.Recv != nil}
		}
	}
	want := map[string]seen{
		"(*sync.WaitGroup).Go":     {[]model.Kind{model.Spawn}, true},
		"(*sync.WaitGroup).Wait":   {[]model.Kind{model.Join}, true},
		"(*sync.RWMutex).RLock":    {[]model.Kind{model.RLock}, true},
		"(*sync.RWMutex).RUnlock":  {[]model.Kind{model.RUnlock}, true},
		"(*sync.RWMutex).TryLock":  {[]model.Kind{model.TryLock}, true},
		"(sync.Locker).Lock":       {[]model.Kind{model.Lock}, true},
		"(sync.Locker).Unlock":     {[]model.Kind{model.Unlock}, true},
		"(*sync.Once).Do":          {[]model.Kind{model.Once}, true},
		"time.AfterFunc":           {[]model.Kind{model.Spawn, model.Delayed, model.Makes}, false},
		"time.NewTimer":            {[]model.Kind{model.Makes}, false},
		"context.AfterFunc":        {[]model.Kind{model.Spawn}, false},
		"(example.com/p.T).Wait":   {nil, true},
		"(*sync.WaitGroup).Done":   {}, // absent: not called
		"(*sync.RWMutex).Lock":     {}, // absent
		"(*sync.Mutex).Lock":       {}, // absent
		"(net/http.Handler).Serve": {}, // absent
	}
	for name, w := range want {
		g, ok := got[name]
		if w.kinds == nil && !w.recv {
			if ok {
				t.Errorf("%s: resolved, but it is not called", name)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not resolved", name)
			continue
		}
		if !slices.Equal(g.kinds, w.kinds) || g.recv != w.recv {
			t.Errorf("%s: kinds %v, receiver %v; want %v, %v", name, g.kinds, g.recv, w.kinds, w.recv)
		}
	}
	if unresolved != 1 {
		t.Errorf("%d calls unresolved, want 1 (the call of the function value f)", unresolved)
	}

	// LockKind and the kind predicates agree with the rows.
	for _, tc := range []struct {
		k              model.Kind
		read, acq, rel bool
		conditional    bool
	}{
		{model.Lock, false, true, false, false},
		{model.RLock, true, true, false, false},
		{model.TryLock, false, true, false, true},
		{model.TryRLock, true, true, false, true},
		{model.Unlock, false, false, true, false},
		{model.RUnlock, false, false, true, false},
		{model.Join, false, false, false, false},
	} {
		read, acq := tc.k.Acquires()
		if read != tc.read || acq != tc.acq || tc.k.Releases() != tc.rel || tc.k.Conditional() != tc.conditional {
			t.Errorf("%v: Acquires() = %v, %v, Releases() = %v, Conditional() = %v", tc.k, read, acq, tc.k.Releases(), tc.k.Conditional())
		}
	}
}

func TestModelAddAndFind(t *testing.T) {
	_, pkg := build(t, callsSrc)
	wait := pkg.Prog.LookupMethod(pkg.Pkg.Scope().Lookup("T").Type(), pkg.Pkg, "Wait")
	obj := wait.Object().(*types.Func)
	m := model.Default()
	if _, ok := m.Find(obj, model.Join); ok {
		t.Fatal("T.Wait is a join of the default model")
	}
	r, err := model.ParseRow(model.Join, obj.FullName())
	if err != nil {
		t.Fatal(err)
	}
	m.Add(r, r)
	if got := m.Rows(obj); len(got) != 1 {
		t.Errorf("Add of the same row twice: %d rows, want 1", len(got))
	}
	if _, ok := m.Find(obj, model.Join); !ok {
		t.Error("a user join row is not found")
	}
	var zero *model.Model
	if zero.Rows(obj) != nil {
		t.Error("a nil model has rows")
	}
}

const selectSrc = `package p

func all(a, b chan int) {
	select {
	case <-a:
	case <-b:
	}
}

func unrelated(a, b, tick chan int) {
	select {
	case <-a:
	case <-tick:
	}
}

func withDefault(a, b chan int) {
	select {
	case <-a:
	default:
	}
}

func withSend(a, b chan int) {
	select {
	case <-a:
	case b <- 1:
	}
}

func recv(a, b chan int) { <-a }

func recvOther(a, b, tick chan int) { <-tick }
`

func TestIsJoin(t *testing.T) {
	_, pkg := build(t, selectSrc)
	m := model.Default()
	for _, tc := range []struct {
		fn   string
		want bool
	}{
		{"all", true},
		{"unrelated", false},
		{"withDefault", false},
		{"withSend", false},
		{"recv", true},
		{"recvOther", false},
	} {
		fn := pkg.Func(tc.fn)
		// a and b are related to the goroutine; tick is not.
		related := func(v ssa.Value) bool { return v == fn.Params[0] || v == fn.Params[1] }
		var got, found bool
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch i := instr.(type) {
				case *ssa.Select:
					found, got = true, m.IsJoin(i, related)
				case *ssa.UnOp:
					if i.Op == token.ARROW {
						found, got = true, m.IsJoin(i, related)
					}
				}
			}
		}
		if !found {
			t.Fatalf("%s: no select or receive", tc.fn)
		}
		if got != tc.want {
			t.Errorf("IsJoin in %s = %v, want %v", tc.fn, got, tc.want)
		}
	}
}

const typesSrc = `package p

import (
	"log"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

type Embedded struct {
	sync.Mutex
	n int
}

type PtrMu struct {
	mu *sync.Mutex
	n  int
}

type PtrMuMap struct {
	mu *sync.RWMutex
	m  map[string]int
}

type Task struct {
	wg   *sync.WaitGroup
	data []byte
}

type Nested struct {
	inner struct {
		mu sync.RWMutex
	}
	m map[string]int
}

type Counter struct {
	hits atomic.Int64
	name string
}

type Plain struct {
	a, b int
	s    string
	arr  [4]int
}

type Ptrs struct{ p *int }

// Handle embeds a pointer to shared state; NotHandle only points to it.
type Handle struct{ *Embedded }

type NotHandle struct{ e *Embedded }

type HalfHandle struct {
	e    *Embedded
	hist []int
}

type Array [2]Embedded

// NoCopy has the copylocks marker of generated protobuf messages.
type NoCopy struct {
	_ [0]sync.Mutex
	n int
}

var (
	vChan   chan int
	vArr    [4]int
	vLoc    *time.Location
	vAddr   net.Addr
	vErr    error
	vFn     func()
	vLogger *log.Logger
	vMutex  sync.Mutex
	vRW     *sync.RWMutex
	vLocker sync.Locker
	vWG     *sync.WaitGroup
	vSlice  []int
	vString string
)
`

func TestTypeClasses(t *testing.T) {
	tpkg, _ := build(t, typesSrc)
	lookup := func(name string) types.Type {
		obj := tpkg.Scope().Lookup(name)
		if obj == nil {
			t.Fatalf("no %s", name)
		}
		return obj.Type() // a named type, or a variable's type
	}
	ptr := func(name string) types.Type { return types.NewPointer(lookup(name)) }
	type classes struct{ exempt, mutable, selfSync, safe, lock, holdsLock bool }
	for _, tc := range []struct {
		name string
		t    types.Type
		want classes
	}{
		// Embedded mutex: self-synchronising, holds a lock; the value
		// itself reaches nothing mutable.
		{"Embedded", lookup("Embedded"), classes{exempt: true, selfSync: true, holdsLock: true}},
		// A pointer to it is exempt by the pointee's class. A pointer is
		// not a value holding a lock.
		{"*Embedded", ptr("Embedded"), classes{exempt: true, mutable: true, selfSync: true}},
		// A pointer-to-mutex field holds a lock, but is not a sync value
		// held directly, so the struct is not self-synchronising (the
		// concur pass marks it shared when a method takes the lock).
		// Its only mutable memory is the mutex, so the model shares it.
		{"PtrMu", lookup("PtrMu"), classes{exempt: true, mutable: true, holdsLock: true}},
		{"PtrMuMap", lookup("PtrMuMap"), classes{mutable: true, holdsLock: true}},
		// A pointer to a WaitGroup synchronises the spawner that shares
		// it, not the struct: a task is still transferred.
		{"Task", lookup("Task"), classes{mutable: true}},
		// A mutex in a nested struct field.
		{"Nested", lookup("Nested"), classes{exempt: true, mutable: true, selfSync: true, holdsLock: true}},
		// An atomic field synchronises, but is no lock.
		{"Counter", lookup("Counter"), classes{exempt: true, selfSync: true}},
		{"Plain", lookup("Plain"), classes{exempt: true}},
		{"Ptrs", lookup("Ptrs"), classes{mutable: true}},
		// An embedded pointer to a self-synchronising struct makes a
		// self-synchronising handle; a named pointer field, the only
		// mutable one, makes a handle the model shares. Neither holds a
		// lock.
		{"Handle", lookup("Handle"), classes{exempt: true, mutable: true, selfSync: true}},
		{"NotHandle", lookup("NotHandle"), classes{exempt: true, mutable: true}},
		// A plain slice beside the pointer: not a handle.
		{"HalfHandle", lookup("HalfHandle"), classes{mutable: true}},
		// An array of structs embedding a mutex.
		{"Array", lookup("Array"), classes{exempt: true, selfSync: true, holdsLock: true}},
		// A zero-length array of mutexes (the copylocks marker) is no
		// lock, but asks that the type be shared by pointer.
		{"NoCopy", lookup("NoCopy"), classes{exempt: true, selfSync: true}},
		{"chan int", lookup("vChan"), classes{exempt: true, selfSync: true}},
		{"[4]int", lookup("vArr"), classes{exempt: true}},
		{"*time.Location", lookup("vLoc"), classes{exempt: true, mutable: true, safe: true}},
		{"error", lookup("vErr"), classes{exempt: true, mutable: true, safe: true}},
		{"net.Addr", lookup("vAddr"), classes{exempt: true, mutable: true, safe: true}},
		{"func()", lookup("vFn"), classes{mutable: true}},
		// The logger is both safe by convention and holds sync values.
		{"*log.Logger", lookup("vLogger"), classes{exempt: true, mutable: true, selfSync: true, safe: true}},
		{"sync.Mutex", lookup("vMutex"), classes{exempt: true, selfSync: true, lock: true, holdsLock: true}},
		{"*sync.RWMutex", lookup("vRW"), classes{exempt: true, mutable: true, selfSync: true, lock: true, holdsLock: true}},
		{"sync.Locker", lookup("vLocker"), classes{exempt: true, mutable: true, selfSync: true, lock: true, holdsLock: true}},
		{"*sync.WaitGroup", lookup("vWG"), classes{exempt: true, mutable: true, selfSync: true}},
		{"[]int", lookup("vSlice"), classes{mutable: true}},
		{"string", lookup("vString"), classes{exempt: true}},
	} {
		got := classes{
			exempt:    model.Default().Exempt(tc.t),
			mutable:   model.ReachesMutable(tc.t),
			selfSync:  model.SelfSynchronizing(tc.t),
			safe:      model.ConventionallySafe(tc.t),
			lock:      model.IsLock(tc.t),
			holdsLock: model.HoldsLock(tc.t),
		}
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestRowNameGeneric checks that rows name a method of a generic type
// without its type parameters, and that a call through an instantiated
// interface embedding it finds the row.
func TestRowNameGeneric(t *testing.T) {
	const src = `package q
type Sender[T any] interface{ Send(ctx any, msg T) error }
type Mailbox[T any] interface{ Sender[T]; Close() }
type Box[K comparable, V any] struct{}
func (*Box[K, V]) Put(k K, v V) {}
func use(m Mailbox[*int], b *Box[string, int]) { m.Send(nil, nil); b.Put("", 1) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "q.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Selections: make(map[*ast.SelectorExpr]*types.Selection)}
	if _, err := (&types.Config{}).Check("example.com/q", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	m := model.New(
		model.Row{Func: "(example.com/q.Sender).Send", Kind: model.Transfer, Args: []int{1}},
		model.Row{Func: "(*example.com/q.Box).Put", Kind: model.Transfer, Args: []int{1}},
	)
	var got []string
	for sel, s := range info.Selections {
		fn := s.Obj().(*types.Func)
		if len(m.Rows(fn)) != 1 {
			t.Errorf("%s: no row for %s", sel.Sel.Name, fn.FullName())
		}
		got = append(got, model.RowName(fn))
	}
	slices.Sort(got)
	want := []string{"(*example.com/q.Box).Put", "(example.com/q.Sender).Send"}
	if !slices.Equal(got, want) {
		t.Errorf("RowName = %q, want %q", got, want)
	}
}

func TestUnanalysedPackages(t *testing.T) {
	for path, want := range map[string]bool{
		"runtime":                false,
		"internal/runtime/maps":  false,
		"internal/runtime":       true, // only its subpackages are listed
		"runtime/pprof":          true,
		"internal/runtimefoo":    true,
		"sync":                   true,
		"example.com/runtime":    true,
		"example.com/a/internal": true,
	} {
		if got := model.Analysed(types.NewPackage(path, "p")); got != want {
			t.Errorf("Analysed(%q) = %v, want %v", path, got, want)
		}
	}
	if !model.Analysed(nil) {
		t.Error("Analysed(nil) = false, want true")
	}

	rt := types.NewPackage("runtime", "runtime")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	m := model.Default()
	for name, want := range map[string]model.Kind{
		"GC":           model.Reads,  // no row: only reads its operands
		"ReadMemStats": model.Opaque, // writes *m: an unknown callee
		"Goexit":       model.Unwinds,
	} {
		fn := types.NewFunc(token.NoPos, rt, name, sig)
		rows := m.Rows(fn)
		if len(rows) != 1 || rows[0].Kind != want {
			t.Errorf("Rows(runtime.%s) = %v, want one %v row", name, rows, want)
		}
	}
	other := types.NewFunc(token.NoPos, types.NewPackage("example.com/p", "p"), "GC", sig)
	if rows := m.Rows(other); rows != nil {
		t.Errorf("Rows(example.com/p.GC) = %v, want none", rows)
	}
}

// TestMakesNew checks that only the calls of Makes rows return memory of
// the caller's alone.
func TestMakesNew(t *testing.T) {
	_, pkg := build(t, callsSrc)
	m := model.Default()
	var makes []string
	for _, b := range pkg.Func("calls").Blocks {
		for _, instr := range b.Instrs {
			if m.MakesNew(instr) {
				makes = append(makes, instr.(*ssa.Call).Call.Value.(*ssa.Function).String())
			}
		}
	}
	if want := []string{"time.AfterFunc", "time.NewTimer"}; !slices.Equal(makes, want) {
		t.Errorf("MakesNew holds for %v, want %v", makes, want)
	}
}
