// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/givesup"
)

// TestGivesUp checks the exported gives-up facts; analysistest fails on
// any fact without a matching want, so functions that give up nothing are
// checked too.
func TestGivesUp(t *testing.T) {
	suitetest.Track(t, "givesup")
	analysistest.Run(t, suitetest.Dir(t), givesup.Analyzer, "givesup/...")
}
