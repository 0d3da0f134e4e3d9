// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/lockset"
)

// TestRules runs one package per quiet rule of docs/lockset.md that had no
// test of its own, named after the rule: race-free code the rule keeps
// quiet, and racy neighbours it must not silence.
func TestRules(t *testing.T) {
	suitetest.Track(t, "lockset/rules", "golang.org/x/sync/semaphore", "github.com/stretchr/testify/assert", "github.com/stretchr/testify/require")
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/rules/...")
}
