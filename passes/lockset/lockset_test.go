// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"github.com/psharpvet/psharpvet/passes/lockset"
	"golang.org/x/tools/go/analysis/analysistest"
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
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/once", "lockset/atomics", "lockset/ctor")
}

func TestGlobalsEmbeddedGenerics(t *testing.T) {
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/globals", "lockset/embedded", "lockset/generics")
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
