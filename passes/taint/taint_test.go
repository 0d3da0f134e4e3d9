package taint_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"github.com/psharpvet/psharpvet/passes/taint"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSummaries checks the exported summary facts; analysistest fails on
// any fact without a matching want, so every function needs one.
func TestSummaries(t *testing.T) {
	suitetest.Track(t, "taint")
	analysistest.Run(t, suitetest.Dir(t), taint.Analyzer, "taint/...")
}
