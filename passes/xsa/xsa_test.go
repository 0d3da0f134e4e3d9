// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

// lifted runs the ownership pass as psharpvet does when xsa runs: it
// leaves the reports of memory kept in machine fields to xsa.
func lifted(t *testing.T) {
	t.Helper()
	t.Cleanup(func() { ownership.Analyzer.Flags.Set("xsa", "false") })
	if err := ownership.Analyzer.Flags.Set("xsa", "true"); err != nil {
		t.Fatal(err)
	}
}

// liftedStrict is lifted under the strict reading.
func liftedStrict(t *testing.T) {
	t.Helper()
	lifted(t)
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
}

// TestPlain checks plain-Go machines: Example 5.5's reset, the hand-off
// idioms, a field kept in another field, a reset in a helper's caller.
// Both analyzers run, so that the ownership pass's own reports (condition
// 3) are checked along with xsa's.
func TestPlain(t *testing.T) {
	lifted(t)
	analysistest.Run(t, suitetest.Dir(t), xsa.Analyzer, "xsa/plain")
}

// TestProtoactor checks actors of the real protoactor-go module: a reset
// in the handler a Become installs next, one in the same handler, and a
// log sent again without a reset (testdata/mod/protoactor/xsa).
func TestProtoactor(t *testing.T) {
	lifted(t)
	dir := suitetest.Module(t, "protoactor")
	analysistest.Run(t, dir, xsa.Analyzer, "example.com/protoactor/xsa")
}

// TestProtoactorStrict checks, under the strict reading, masters that
// keep the items they hand to workers they spawned, whose workers hand
// them back to their parent: quiet when no item reaches code outside the
// package but through the framework's delivery to the package's own
// actors, reported when a worker answers its sender, when the package
// also spawns the worker from the root context, or when the master hands
// a returned item on (testdata/mod/protoactor/strict/handback).
func TestProtoactorStrict(t *testing.T) {
	liftedStrict(t)
	dir := suitetest.Module(t, "protoactor")
	analysistest.Run(t, dir, xsa.Analyzer, "example.com/protoactor/strict/handback")
}

// TestHollywoodStrict is TestProtoactorStrict on Hollywood: a child
// spawned on the master's context hands the item back to its parent
// (quiet) or to its sender (reported) (testdata/mod/hollywood/strict/handback).
func TestHollywoodStrict(t *testing.T) {
	liftedStrict(t)
	dir := suitetest.Module(t, "hollywood")
	analysistest.Run(t, dir, xsa.Analyzer, "example.com/hollywood/strict/handback")
}

// TestClosures checks function literals that run again: the captured
// variable is the machine's field (testdata/src/xsa/closures).
func TestClosures(t *testing.T) {
	lifted(t)
	analysistest.Run(t, suitetest.Dir(t), xsa.Analyzer, "xsa/closures")
}

// TestFields checks that a machine's reads of kept memory are judged
// field by field: reading only fields no one writes after construction,
// through the machine's own map or directly, is quiet; reading a field
// the worker writes, below an unwritten pointer field, a slice field,
// writing a field, or handing the kept memory to a function is reported
// (testdata/src/xsa/fields).
func TestFields(t *testing.T) {
	lifted(t)
	analysistest.Run(t, suitetest.Dir(t), xsa.Analyzer, "xsa/fields")
}
