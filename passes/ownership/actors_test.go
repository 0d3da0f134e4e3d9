// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ownership"
)

// TestHollywood checks the actor rules against the real
// github.com/anthdm/hollywood module: sends, responses, broadcasts,
// repeated sends, spawns, forwards, gives-up through callees, and handler
// contexts that outlive their handler (testdata/mod/hollywood/actors).
func TestHollywood(t *testing.T) {
	dir := suitetest.Module(t, "hollywood")
	analysistest.Run(t, dir, ownership.Analyzer, "example.com/hollywood/actors")
}

// TestHollywoodStrict checks the handler contexts only the strict reading
// reports: one whose goroutine reads nothing the next message rewrites;
// and, in example.com/hollywood/strict/closed, what it proves from an
// actor's closed receiving side (a PID of a spawned actor of the package
// whose handler only reads what it gets) is quiet.
func TestHollywoodStrict(t *testing.T) {
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	dir := suitetest.Module(t, "hollywood")
	analysistest.Run(t, dir, ownership.Analyzer, "example.com/hollywood/strict", "example.com/hollywood/strict/closed")
}

// TestProtoactor checks the actor rules against the real
// github.com/asynkron/protoactor-go module, whose actor.Context is made of
// smaller interfaces (testdata/mod/protoactor/actors).
func TestProtoactor(t *testing.T) {
	dir := suitetest.Module(t, "protoactor")
	analysistest.Run(t, dir, ownership.Analyzer, "example.com/protoactor/actors")
}

// TestProtoactorStrict checks, in example.com/protoactor/strict/closed,
// what the strict reading proves from a protoactor-go actor's closed
// receiving side: a PID a spawn of props returned, held in a local
// assigned once, of an actor of the package whose handlers (its Receive,
// or the Become targets of its behaviour) only read what they get.
func TestProtoactorStrict(t *testing.T) {
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	dir := suitetest.Module(t, "protoactor")
	analysistest.Run(t, dir, ownership.Analyzer, "example.com/protoactor/strict/closed", "example.com/protoactor/strict/futures", "example.com/protoactor/strict/pointerwords", "example.com/protoactor/strict/pidslices")
}
