// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
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
