// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestKeepValidSuspects: after a round, the analysis of a function whose
// entry locks changed is dropped, one that saw an analysis in progress
// too, and those that looked either up, directly or not, are kept as
// suspects for confirm; the others are kept as they are.
func TestKeepValidSuspects(t *testing.T) {
	fns := make(map[string]*ssa.Function)
	for _, name := range []string{"helper", "caller", "top", "other", "leaf", "recursive", "spec"} {
		fns[name] = &ssa.Function{}
	}
	key := func(name string) analysisKey { return analysisKey{fn: fns[name]} }
	c := &checker{funcs: make(map[*ssa.Function]*funcInfo), specs: make(map[specKey]*funcInfo)}
	deps := func(cut bool, uses ...string) *analysisDeps {
		d := &analysisDeps{cut: cut}
		for _, u := range uses {
			d.uses = append(d.uses, key(u))
			d.saw = append(d.saw, c.funcs[fns[u]])
		}
		return d
	}
	// helper's entry locks change; caller calls helper, top calls
	// caller; other calls leaf; recursive saw itself in progress; a
	// specialisation of spec calls helper.
	for _, name := range []string{"helper", "leaf", "recursive", "caller", "top", "other", "spec"} {
		c.funcs[fns[name]] = &funcInfo{fn: fns[name], sum: &Summary{}}
	}
	specK := specKey{fns["spec"], "0t"}
	c.specs[specK] = &funcInfo{fn: fns["spec"], sum: &Summary{}}
	c.deps.done = map[analysisKey]*analysisDeps{
		key("helper"):                 deps(false),
		key("leaf"):                   deps(false),
		key("recursive"):              deps(true),
		key("caller"):                 deps(false, "helper"),
		key("top"):                    deps(false, "caller", "leaf"),
		key("other"):                  deps(false, "leaf"),
		key("spec"):                   deps(false),
		{fn: fns["spec"], args: "0t"}: deps(false, "helper"),
	}
	old := map[*ssa.Function]lockset{}
	next := map[*ssa.Function]lockset{fns["helper"]: {{Lock: "p:0|.mu"}}}
	c.keepValid(old, next)

	for name, want := range map[string]string{
		"helper":    "dropped",
		"recursive": "dropped",
		"caller":    "suspect",
		"top":       "suspect",
		"leaf":      "kept",
		"other":     "kept",
		"spec":      "kept",
	} {
		got := "kept"
		if _, ok := c.funcs[fns[name]]; !ok {
			got = "dropped"
		} else if c.suspects[key(name)] {
			got = "suspect"
		}
		if got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	if _, ok := c.specs[specK]; !ok || !c.suspects[analysisKey{fn: fns["spec"], args: "0t"}] {
		t.Errorf("the specialisation of spec that calls helper: kept %v, suspect %v; want a suspect", ok, c.suspects[analysisKey{fn: fns["spec"], args: "0t"}])
	}

	// A suspect no one looked up in the round is analysed again after
	// the next: what it saw may have changed since.
	c.keepValid(next, next)
	if _, ok := c.funcs[fns["top"]]; ok {
		t.Errorf("top, a suspect left over from the last round, is kept")
	}
}

// TestSameResult: a suspect is confirmed by equal summaries in other
// objects, not by different ones, and an analysis is never the same as a
// missing one (in progress).
func TestSameResult(t *testing.T) {
	a := &funcInfo{sum: &Summary{Accesses: []Access{{Path: "p:0|.x", Write: true, Sets: &Sets{Held: []Held{{Lock: "p:0|.mu"}}}}}}}
	same := &funcInfo{sum: &Summary{Accesses: []Access{{Path: "p:0|.x", Write: true, Sets: &Sets{Held: []Held{{Lock: "p:0|.mu"}}}}}}}
	unlocked := &funcInfo{sum: &Summary{Accesses: []Access{{Path: "p:0|.x", Write: true, Sets: &Sets{}}}}}
	for _, tc := range []struct {
		name     string
		old, now any
		want     bool
	}{
		{"itself", a, a, true},
		{"an equal summary", a, same, true},
		{"another summary", a, unlocked, false},
		{"in progress", a, (*funcInfo)(nil), false},
		{"guards, equal", &initGuards{tests: map[*ssa.BasicBlock][]string{nil: {"p:0|.done"}}}, &initGuards{tests: map[*ssa.BasicBlock][]string{nil: {"p:0|.done"}}}, true},
		{"guards, another", &initGuards{tests: map[*ssa.BasicBlock][]string{nil: {"p:0|.done"}}}, &initGuards{}, false},
		{"guards against an analysis", &initGuards{}, a, false},
	} {
		if got := sameResult(tc.old, tc.now); got != tc.want {
			t.Errorf("%s: sameResult = %v, want %v", tc.name, got, tc.want)
		}
	}
}
