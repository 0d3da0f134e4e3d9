package ownership_test

import (
	"path/filepath"
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"github.com/psharpvet/psharpvet/passes/ownership"
	"golang.org/x/tools/go/analysis/analysistest"
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
	"ownership/aliasing",
	"ownership/readonly",
}

// stdPackages import the standard library (sync, context, ...). The
// analysis then runs over runtime and its dependencies, which takes
// minutes, so they are loaded together in a single run.
var stdPackages = []string{
	"ownership/goroutines",
	"ownership/joins",
	"ownership/exempt",
	"ownership/regress",
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
