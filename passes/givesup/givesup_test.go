package givesup_test

import (
	"path/filepath"
	"testing"

	"github.com/psharpvet/psharpvet/passes/givesup"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestGivesUp checks the exported gives-up facts; analysistest fails on
// any fact without a matching want, so functions that give up nothing are
// checked too.
func TestGivesUp(t *testing.T) {
	analysistest.Run(t, testdata(t), givesup.Analyzer, "givesup/...")
}
