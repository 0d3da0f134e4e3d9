// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/lockset"
)

func TestBasic(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/basic")
}

func TestRW(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/rw")
}

func TestWrapper(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/wrapper")
}

func TestGoroutines(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/goroutines")
}

func TestOnceAtomicCtor(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/once", "lockset/atomics", "lockset/ctor", "lockset/machines")
}

func TestGlobalsEmbeddedGenerics(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/globals", "lockset/embedded", "lockset/generics")
}

// TestSharedFields: instances of a goroutine or an actor type that were
// given one object through a field race on it (shared.go); an instance's
// own object does not.
func TestSharedFields(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/sharedfields")
}

func TestDirectives(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/directives")
}

func TestFrameworkEntryPoints(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/handlers", "lockset/grpcsvc")
}

// TestGuards checks the -guards table. It sets the flag on the shared
// Analyzer, so it must not run in parallel with other tests.
func TestGuards(t *testing.T) {
	if err := lockset.Analyzer.Flags.Set("guards", "true"); err != nil {
		t.Fatal(err)
	}
	defer lockset.Analyzer.Flags.Set("guards", "false")
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/guards")
}

// TestRobust runs the pass over constructs it does not model precisely
// (assembly, recursion, unsafe, select, defer in loops, goto, recover,
// iterators, generics, dynamic go statements): no panic, and the races
// that are there are still found.
func TestRobust(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/robust")
}

// TestUserRows checks that rows declared with the concur flags reach
// lockset: a -concur.spawn row starts a goroutine entry point, and a
// -concur.join row on the same receiver ends it. It sets flags on the
// shared concur Analyzer, so it must not run in parallel with other tests.
func TestUserRows(t *testing.T) {
	suitetest.SetRows(t, "spawn", "(*lockset/userspawn.Pool).Submit:0")
	suitetest.SetRows(t, "join", "(*lockset/userspawn.Pool).Wait")
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/userspawn")
}

// TestStrict checks the races only the strict reading reports: the
// default reading is quiet on the same shapes (basic's File, guards'
// Unguarded, noparamalias' lastPath).
func TestStrict(t *testing.T) {
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/strict")
}

// TestCallPath checks that a report lists, as related information, the
// calls from each entry point to its access, outermost first.
func TestCallPath(t *testing.T) {
	results := analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/callpath")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
	}
	want := []string{
		"41: calls (*Conn).readHandshake here, on the path from (*Conn).Read to the write of c.out.err",
		"31: calls (*Conn).alertLocked here, on the path from (*Conn).Read to the write of c.out.err",
		"26: calls (*half).setErrorLocked here, on the path from (*Conn).Read to the write of c.out.err",
		"48: calls (*half).setErrorLocked here, on the path from (*Conn).Write to the write of c.out.err",
		"17: c.out.err written here holding c.out.Mutex",
	}
	if !slices.Equal(got, want) {
		t.Errorf("related information:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBudget checks that -budget reports the functions whose dataflow
// stopped at its budget, and only those.
func TestBudget(t *testing.T) {
	suitetest.Track(t, "locksetbudget")
	defer lockset.SetVisits(0, 2)()
	if err := lockset.Analyzer.Flags.Set("budget", "true"); err != nil {
		t.Fatal(err)
	}
	defer lockset.Analyzer.Flags.Set("budget", "false")
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "locksetbudget")
}

// TestFactsOnly checks -factsonly: the summaries are exported and no race
// is reported (the package has one, which TestFactsOnlyReports sees).
func TestFactsOnly(t *testing.T) {
	t.Cleanup(func() { lockset.Analyzer.Flags.Set("factsonly", "false") })
	if err := lockset.Analyzer.Flags.Set("factsonly", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/factsonly")
}

// TestFactsOnlyReports checks that without -factsonly the same package
// has a report, so that TestFactsOnly's silence means something.
func TestFactsOnlyReports(t *testing.T) {
	results := analysistest.Run(&discard{t}, suitetest.Dir(t), lockset.Analyzer, "lockset/factsonly")
	if n := len(results[0].Diagnostics); n != 1 {
		t.Errorf("lockset/factsonly without -factsonly: %d reports, want 1", n)
	}
}

// discard is a Testing that ignores the unmatched reports analysistest
// finds, for a test that counts them itself.
type discard struct{ *testing.T }

func (discard) Errorf(string, ...any) {}

// TestCallable checks that -callable puts in the Summaries fact only the
// functions other packages can call, and that an importer still finds
// those it calls.
func TestCallable(t *testing.T) {
	suitetest.Track(t, "locksetcallable")
	if err := lockset.Analyzer.Flags.Set("callable", "true"); err != nil {
		t.Fatal(err)
	}
	defer lockset.Analyzer.Flags.Set("callable", "false")
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "locksetcallable/...")
}
