// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ownership"
)

// packages import nothing from the standard library, so each runs fast.
var packages = []string{
	"ownership/basic",
	"ownership/listmanager",
	"ownership/loops",
	"ownership/reply",
	"ownership/generics",
	"ownership/embedded",
	"ownership/closures",
	"ownership/defers",
	"ownership/iface",
	"ownership/crosspkg",
	"ownership/ctorsend",
	"ownership/aliasing",
	"ownership/readonly",
	"ownership/unseen",
	"ownership/aliases",
	"ownership/declared/user",
	"ownership/callpaths",
	"ownership/deadends",
}

// stdPackages import the standard library (sync, context, ...). The
// analysis then runs over runtime and its dependencies, which takes
// minutes, so they are loaded together in a single run.
var stdPackages = []string{
	"ownership/goroutines",
	"ownership/joins",
	"ownership/exempt",
	"ownership/regress",
	"ownership/afterfunc",
	"ownership/wrappers",
	// Actor frameworks the module proxy does not serve, through stand-ins
	// of their packages under testdata/src (ergo, GoAkt, go-actor).
	"ownership/ergoactors",
	"ownership/goaktactors",
	"ownership/goactors",
	"ownership/psharprules",
}

func TestOwnership(t *testing.T) {
	suitetest.Track(t, "ownership", "golang.org/x/sync/errgroup")
	for _, pkg := range packages {
		t.Run(filepath.Base(pkg), func(t *testing.T) {
			analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, pkg)
		})
	}
}

func TestOwnershipStd(t *testing.T) {
	suitetest.Track(t, "ownership", "golang.org/x/sync/errgroup")
	if testing.Short() {
		t.Skip("analyses the standard library's runtime; slow")
	}
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, stdPackages...)
}

// TestUserSend checks that a row declared with -concur.send makes calls of
// a method the model does not know transfers.
func TestUserSend(t *testing.T) {
	suitetest.Track(t, "ownership")
	suitetest.SetRows(t, "send", "(*ownership/usersend.Bus).Publish:0")
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/usersend")
}

// TestFuncVars checks that a spawn of a package-level function variable
// gives nothing up, and that of a literal over locals does
// (ownership/funcvars, with PropsFromFunc declared a spawn).
func TestFuncVars(t *testing.T) {
	suitetest.Track(t, "ownership")
	suitetest.SetRows(t, "spawn", "ownership/funcvars.PropsFromFunc:0")
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/funcvars")
}

// TestCategories checks that every diagnostic names the condition it
// violates, so that tools can filter them.
func TestCategories(t *testing.T) {
	suitetest.Track(t, "ownership")
	seen := make(map[string]bool)
	for _, r := range analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/basic", "ownership/aliasing") {
		for _, d := range r.Diagnostics {
			switch d.Category {
			case "outliving", "aliasing", "use-after-transfer":
				seen[d.Category] = true
			default:
				t.Errorf("%s: category %q", r.Pass.Fset.Position(d.Pos), d.Category)
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("categories seen: %v, want all three", seen)
	}
}

// TestStrict checks the races that only the strict reading reports; the
// default reading is quiet on the same code (ownership/readonly). In
// ownership/strict/sealed, what the strict reading proves from
// fieldwrites' facts (fields only their package can name) is quiet, and
// what other code may write is reported. In ownership/strict/closed, what
// it proves from a closed receiving side (a channel only the package
// reaches, whose receivers only read) is quiet.
func TestStrict(t *testing.T) {
	suitetest.Track(t, "ownership")
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/strict", "ownership/strict/sealed", "ownership/strict/closed", "ownership/strict/confined", "ownership/strict/boxes", "ownership/strict/afterjoins", "ownership/strict/awaited")
}

// TestLiftedFields checks what the pass does when xsa re-checks its
// reports of kept memory: on a path, a field reset after a send holds
// new memory (testdata/src/ownership/lifted).
func TestLiftedFields(t *testing.T) {
	t.Cleanup(func() { ownership.Analyzer.Flags.Set("xsa", "false") })
	if err := ownership.Analyzer.Flags.Set("xsa", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/lifted")
}

// TestWriteEvidence checks that a report of kept memory shows the writes
// that make keeping it a race, the keeper's first and then the receiving
// side's (testdata/src/ownership/evidence).
func TestWriteEvidence(t *testing.T) {
	var got []string
	for _, r := range analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, "ownership/evidence") {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
	}
	want := []string{
		"26: stored into p.ballot here",
		"22: Ballot.Round is written here, while the receiver may still use it",
		"60: Entry.Ballot is written here, while the receiver may still use it",
		"69: Entry.Ballot is written here, while the receiver may still use it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("related information:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
