// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/concur"
)

func TestShared(t *testing.T) {
	suitetest.Track(t, "concur")
	analysistest.Run(t, suitetest.Dir(t), concur.Analyzer, "concur/shared")
}

func TestWaits(t *testing.T) {
	suitetest.Track(t, "concur")
	analysistest.Run(t, suitetest.Dir(t), concur.Analyzer, "concur/waits")
}

// TestDeclare checks the //psharpvet:send and //psharpvet:handler
// directives: their facts, and one clear diagnostic for each malformed or
// misplaced one.
func TestDeclare(t *testing.T) {
	suitetest.Track(t, "concur")
	analysistest.Run(t, suitetest.Dir(t), concur.Analyzer, "concur/declare")
}
