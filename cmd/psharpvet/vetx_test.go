// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
)

func TestFactsOnly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deps := write("deps.cfg", `{"ID": "runtime", "VetxOnly": true}`)
	vetted := write("vetted.cfg", `{"ID": "example.com/p", "VetxOnly": false}`)
	bad := write("bad.cfg", `{`)
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-lockset", deps}, true},
		{[]string{vetted}, false},
		{[]string{bad}, false},
		{[]string{filepath.Join(dir, "missing.cfg")}, false},
		{[]string{"./..."}, false},
		{nil, false},
	} {
		if got := factsOnly(tc.args); got != tc.want {
			t.Errorf("factsOnly(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestSkipReporting(t *testing.T) {
	type result struct{ n int }
	fail := func(*analysis.Pass) (any, error) { t.Fatal("a skipped analyzer ran"); return nil, nil }
	withFacts := &analysis.Analyzer{Name: "facts", Run: fail, FactTypes: []analysis.Fact{nil}} // only the length is read
	reporter := &analysis.Analyzer{Name: "reporter", Run: fail, ResultType: reflect.TypeFor[*result]()}
	noResult := &analysis.Analyzer{Name: "noresult", Run: fail}
	skipReporting(withFacts, reporter, noResult)

	got, err := reporter.Run(nil)
	if r, ok := got.(*result); err != nil || !ok || r != nil {
		t.Errorf("skipped reporter returned %#v, %v; want a nil *result", got, err)
	}
	if got, err := noResult.Run(nil); got != nil || err != nil {
		t.Errorf("skipped analyzer without a result returned %#v, %v", got, err)
	}
	if reflect.ValueOf(withFacts.Run).Pointer() != reflect.ValueOf(fail).Pointer() {
		t.Error("an analyzer with facts was skipped")
	}
}

func TestUnanalysedUnit(t *testing.T) {
	dir := t.TempDir()
	cfg := func(name, data string) []string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return []string{"-json", p}
	}
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{cfg("rt.cfg", `{"ImportPath": "runtime", "VetxOnly": true}`), true},
		{cfg("maps.cfg", `{"ImportPath": "internal/runtime/maps", "VetxOnly": true}`), true},
		{cfg("sync.cfg", `{"ImportPath": "sync", "VetxOnly": true}`), false},
		{cfg("none.cfg", `{"VetxOnly": true}`), false},
		{cfg("bad.cfg", `{`), false},
		{[]string{"runtime"}, false}, // a standalone run: every package in one process
	} {
		if got := unanalysedUnit(tc.args); got != tc.want {
			t.Errorf("unanalysedUnit(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestSkipSSA(t *testing.T) {
	run := buildssa.Analyzer.Run
	t.Cleanup(func() { buildssa.Analyzer.Run = run })
	skipSSA()
	pkg := types.NewPackage("runtime", "runtime")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, "GC", sig))
	pkg.MarkComplete()
	got, err := buildssa.Analyzer.Run(&analysis.Pass{Fset: token.NewFileSet(), Pkg: pkg})
	if err != nil {
		t.Fatal(err)
	}
	res, ok := got.(*buildssa.SSA)
	if !ok || res.Pkg == nil || res.Pkg.Pkg != pkg || len(res.SrcFuncs) != 0 {
		t.Fatalf("skipped buildssa returned %#v; want the package's members and no source functions", got)
	}
	if res.Pkg.Func("GC") == nil {
		t.Error("the package's function GC has no SSA member")
	}
}
