// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/taint"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

// TestCategoriesDocumented checks that every category a reporting
// analyzer uses has its section in the README, where the analyzer's URL
// and the category as an anchor lead.
func TestCategoriesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		a    *analysis.Analyzer
		cats []string
	}{
		{concur.Analyzer, concur.Categories},
		{ownership.Analyzer, ownership.Categories},
		{xsa.Analyzer, xsa.Categories},
		{lockset.Analyzer, lockset.Categories},
		{ignores.Analyzer, ignores.Categories},
		{taint.Analyzer, taint.Categories},
	} {
		if r.a.URL != directive.ReportsURL {
			t.Errorf("%s: URL %q, want the README's %q", r.a.Name, r.a.URL, directive.ReportsURL)
		}
		for _, c := range r.cats {
			if !strings.Contains(string(readme), "\n### `"+c+"`\n") {
				t.Errorf("%s: category %q has no README section \"### `%s`\"", r.a.Name, c, c)
			}
		}
	}
}
