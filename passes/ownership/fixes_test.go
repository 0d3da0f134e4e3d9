// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership_test

import (
	"bytes"
	"go/format"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/ownership"
)

// TestFixes checks the suggested fixes against the golden files of
// testdata/src/ownership/fixes (FILE.go.golden is FILE.go with every fix
// applied; a file whose reports must carry no fix has none), and that
// each fix on its own leaves a gofmt-clean file.
func TestFixes(t *testing.T) {
	suitetest.Track(t, "ownership/fixes", "example.com/other")
	results := analysistest.RunWithSuggestedFixes(t, suitetest.Dir(t), ownership.Analyzer, "ownership/fixes", "ownership/fixes/third", "ownership/fixes/std")
	fixes := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				checkGofmt(t, r.Pass.Fset.File(d.Pos).Name(), r.Pass, fix)
			}
		}
	}
	if fixes == 0 {
		t.Error("no suggested fixes")
	}
}

// checkGofmt applies fix alone to the gofmt-clean file name and checks
// that the result is gofmt-clean too.
func checkGofmt(t *testing.T, name string, pass *analysis.Pass, fix analysis.SuggestedFix) {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	edits := slices.Clone(fix.TextEdits)
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	out := slices.Clone(src)
	for _, e := range edits {
		tf := pass.Fset.File(e.Pos)
		if tf.Name() != name {
			t.Errorf("%s: fix %q edits another file, %s", name, fix.Message, tf.Name())
			return
		}
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		out = slices.Concat(out[:start], e.NewText, out[end:])
	}
	formatted, err := format.Source(out)
	if err != nil {
		t.Errorf("%s: fix %q: %v\n%s", name, fix.Message, err, out)
		return
	}
	if !bytes.Equal(formatted, out) {
		t.Errorf("%s: fix %q leaves the file not gofmt-clean:\n%s", name, fix.Message, out)
	}
}
