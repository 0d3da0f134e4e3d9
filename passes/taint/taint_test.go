package taint_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/psharpvet/psharpvet/passes/taint"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSummaries checks the exported summary facts; analysistest fails on
// any fact without a matching want, so every function needs one.
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

func TestSummaries(t *testing.T) {
	track(t, "taint")
	analysistest.Run(t, testdata(t), taint.Analyzer, "taint/...")
}
