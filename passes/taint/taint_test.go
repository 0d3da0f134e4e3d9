package taint_test

import (
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
func TestSummaries(t *testing.T) {
	analysistest.Run(t, testdata(t), taint.Analyzer, "taint/...")
}
