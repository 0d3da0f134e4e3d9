// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// progressLine matches the progress line as it is drawn and cleared:
// the count, a carriage return, as many spaces as the line had, and
// another.
var progressLine = regexp.MustCompile(`(psharpvet: [0-9]+ packages? analysed)\r( *)\r`)

// TestProgress checks the progress line (README, before "Exit codes"):
// shown when PSHARPVET_PROGRESS=1 forces it, as the tests have no
// terminal, each time cleared before anything else is printed, leaving
// the output as it is without it; absent when the standard error is not
// a terminal or PSHARPVET_PROGRESS=0; and never under go vet -vettool.
func TestProgress(t *testing.T) {
	bin := build(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "./testdata/example"
	auto := []string{"PSHARPVET_PROGRESS="} // the standard error is a pipe

	plainOut, plainErr, plainCode := runSplit(t, root, auto, bin, pkg)
	if plainCode != 3 || plainErr == "" {
		t.Fatalf("exit code %d, want 3 (reports):\n%s", plainCode, plainErr)
	}
	if strings.Contains(plainErr, "analysed") || strings.Contains(plainErr, "\r") {
		t.Errorf("the progress line is shown without a terminal:\n%q", plainErr)
	}
	if out, errOut, _ := runSplit(t, root, []string{"PSHARPVET_PROGRESS=0"}, bin, pkg); out != plainOut || errOut != plainErr {
		t.Errorf("PSHARPVET_PROGRESS=0: the output differs:\n%q\nwant\n%q", errOut, plainErr)
	}

	// A standalone run goes through go vet, which caches each unit's
	// results by the tool's executable: a fresh copy of the tool
	// analyses the packages again, for the progress line to count.
	forced := []string{"PSHARPVET_PROGRESS=1"}
	out, errOut, code := runSplit(t, root, forced, fresh(t, bin), pkg)
	checkProgress(t, "PSHARPVET_PROGRESS=1", errOut)
	if rest := progressLine.ReplaceAllString(errOut, ""); code != plainCode || out != plainOut || rest != plainErr {
		t.Errorf("PSHARPVET_PROGRESS=1: exit code %d, want %d; without the progress line, the output is\n%q\nwant\n%q", code, plainCode, rest, plainErr)
	}

	// With -json, the progress line is on the standard error, and the
	// JSON alone on the standard output.
	jsonOut, _, _ := runSplit(t, root, auto, bin, "-json", pkg)
	out, errOut, code = runSplit(t, root, forced, fresh(t, bin), "-json", pkg)
	checkProgress(t, "-json", errOut)
	var tree map[string]any
	if code != 0 || out != jsonOut || json.Unmarshal([]byte(out), &tree) != nil || progressLine.ReplaceAllString(errOut, "") != "" {
		t.Errorf("-json: exit code %d, want 0; stdout, which should be the JSON:\n%s\nstderr, which should be the progress line alone:\n%q", code, out, errOut)
	}

	// Under go vet, nothing but the reports (in an order of go vet's,
	// which may change from run to run).
	vet, vetCode := runEnv(t, root, auto, "go", "vet", "-vettool="+bin, pkg)
	forcedVet, forcedCode := runEnv(t, root, forced, "go", "vet", "-vettool="+bin, pkg)
	if !slices.Equal(sortedLines(forcedVet), sortedLines(vet)) || forcedCode != vetCode || strings.Contains(forcedVet, "analysed") || strings.Contains(forcedVet, "\r") {
		t.Errorf("go vet -vettool with PSHARPVET_PROGRESS=1:\n%q\nwant\n%q", forcedVet, vet)
	}
}

// fresh returns a copy of the tool bin, with bytes appended that make
// its hash, by which go vet caches results, its own.
func fresh(t *testing.T, bin string) string {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(t.TempDir(), filepath.Base(bin))
	if err := os.WriteFile(copied, append(data, []byte(t.Name()+time.Now().String())...), 0o755); err != nil {
		t.Fatal(err)
	}
	return copied
}

// checkProgress checks that stderr shows the progress line, each time
// cleared with as many spaces as it had.
func checkProgress(t *testing.T, how, stderr string) {
	t.Helper()
	drawn := progressLine.FindAllStringSubmatch(stderr, -1)
	if len(drawn) == 0 {
		t.Errorf("%s: no progress line:\n%q", how, stderr)
	}
	for _, m := range drawn {
		if len(m[2]) != len(m[1]) {
			t.Errorf("%s: %q cleared with %d spaces", how, m[1], len(m[2]))
		}
	}
	if strings.Count(stderr, "\r") != 2*len(drawn) {
		t.Errorf("%s: a carriage return outside the progress line:\n%q", how, stderr)
	}
}
