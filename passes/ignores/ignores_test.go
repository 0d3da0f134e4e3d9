// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ignores_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
)

// TestSilenced checks that ignore comments silence the ownership and
// lockset reports of their line and of the line below, and that ignores
// then has nothing to say (testdata/src/ignores/silenced has no want).
func TestSilenced(t *testing.T) {
	suitetest.Track(t, "ignores")
	dir := suitetest.Dir(t)
	for _, a := range []*analysis.Analyzer{ownership.Analyzer, lockset.Analyzer, ignores.Analyzer} {
		analysistest.Run(t, dir, a, "ignores/silenced")
	}
}

// TestComments checks the reports on ignore comments themselves: one
// without a reason, one that silences nothing.
func TestComments(t *testing.T) {
	suitetest.Track(t, "ignores")
	analysistest.Run(t, suitetest.Dir(t), ignores.Analyzer, "ignores/comments")
}
