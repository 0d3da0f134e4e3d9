package ownership_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/psharpvet/psharpvet/passes/ownership"
	"golang.org/x/tools/go/analysis/analysistest"
)

// testdata returns the GOPATH-style tree shared by the suite's passes;
// go list wants it absolute.
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

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

// track walks the given directories under testdata/src so that the go
// command's test cache notices files added to or changed in them:
// analysistest lists packages with a go list subprocess, whose reads the
// cache does not see.
func track(t *testing.T, dirs ...string) {
	for _, d := range dirs {
		root := filepath.Join(testdata(t), "src", filepath.FromSlash(d))
		err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			_, err = os.Stat(path)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestOwnership(t *testing.T) {
	track(t, "ownership", "golang.org/x/sync/errgroup")
	for _, pkg := range packages {
		t.Run(filepath.Base(pkg), func(t *testing.T) {
			analysistest.Run(t, testdata(t), ownership.Analyzer, pkg)
		})
	}
}

func TestOwnershipStd(t *testing.T) {
	track(t, "ownership", "golang.org/x/sync/errgroup")
	if testing.Short() {
		t.Skip("analyses the standard library's runtime; slow")
	}
	analysistest.Run(t, testdata(t), ownership.Analyzer, stdPackages...)
}
