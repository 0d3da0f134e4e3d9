// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSummary checks the line a standalone run that printed reports ends
// with (README, before "Exit codes"): its counts are those of the
// checker's -json output, a report in a file of two packages (p and
// p [p.test]) counted once, as the checker prints it once; it is on the
// standard error after the reports, which are as they were; and there is
// none with -json, with -fix, or under go vet -vettool.
func TestSummary(t *testing.T) {
	bin := build(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gopath := filepath.Join(root, "testdata")

	// The README's example: two reports, one of ownership, one of xsa.
	const example = "psharpvet: 2 reports (ownership 1, xsa 1) in 1 package\n"
	stdout, stderr, code := runSplit(t, root, nil, bin, "./testdata/example")
	if code != 3 || stdout != "" || !strings.HasSuffix(stderr, example) {
		t.Errorf("./testdata/example: exit code %d, want 3; stdout %q, want none; stderr, which should end with %q:\n%s", code, stdout, example, stderr)
	}

	for _, tc := range []struct {
		name, dir, pkg string
		env            []string
	}{
		{"test variants", module(t, "summary"), "./...", nil},
		{"two analyzers", filepath.Join(gopath, "src"), "./ownership/goroutines", gopathEnv(gopath)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			js, _, _ := runSplit(t, tc.dir, tc.env, bin, "-json", tc.pkg)
			want, reports := summaryOfJSON(t, js)
			if reports < 2 {
				t.Fatalf("%s: %d reports, want several:\n%s", tc.pkg, reports, js)
			}

			stdout, stderr, code := runSplit(t, tc.dir, tc.env, bin, tc.pkg)
			noStackTrace(t, stderr)
			lines := strings.SplitAfter(stderr, "\n")
			if code != 3 || stdout != "" || len(lines) < 2 || lines[len(lines)-2] != want || lines[len(lines)-1] != "" {
				t.Fatalf("exit code %d, want 3; stdout %q, want none; stderr, which should end with %q:\n%s", code, stdout, want, stderr)
			}
			// The reports before it: each printed once, with its
			// related locations, in the checker's format.
			if n := countReports(lines[:len(lines)-2]); n != reports {
				t.Errorf("%d reports printed, %d in the JSON:\n%s", n, reports, stderr)
			}
			if strings.Contains(stderr+stdout, "\x00") {
				t.Errorf("an event line leaked:\n%q", stderr)
			}

			// -sarif prints the same text and summary.
			sarifOut, sarifErr, _ := runSplit(t, tc.dir, tc.env, bin, "-sarif", filepath.Join(t.TempDir(), "out.sarif"), tc.pkg)
			if got := strings.SplitAfter(sarifErr, "\n"); sarifOut != "" || !slices.Equal(sortedLines(sarifErr), sortedLines(stderr)) || got[len(got)-2] != want {
				t.Errorf("-sarif: stdout %q, stderr:\n%s\nwant the text and summary without it:\n%s", sarifOut, sarifErr, stderr)
			}

			// No summary with -json (the JSON alone on the standard
			// output, the standard error empty), with -json -sarif, or
			// under go vet.
			for _, args := range [][]string{
				{"-json", tc.pkg},
				{"-json", "-sarif", filepath.Join(t.TempDir(), "out.sarif"), tc.pkg},
			} {
				out, errOut, code := runSplit(t, tc.dir, tc.env, bin, args...)
				var tree map[string]any
				if code != 0 || errOut != "" || json.Unmarshal([]byte(out), &tree) != nil {
					t.Errorf("%s: exit code %d, want 0; stderr %q, want none; stdout, which should be JSON:\n%s", strings.Join(args, " "), code, errOut, out)
				}
			}
			vet, code := runEnv(t, tc.dir, tc.env, "go", "vet", "-vettool="+bin, tc.pkg)
			noStackTrace(t, vet)
			if code == 0 || strings.Contains(vet, "psharpvet: ") || strings.Contains(vet, "\x00") {
				t.Errorf("go vet -vettool: exit code %d, want 1; reports alone, no summary:\n%s", code, vet)
			}
		})
	}

	// -fix prints no reports, and no summary of them.
	dir := module(t, "fix")
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 || out != "" {
		t.Errorf("-fix: exit code %d, want 0; output %q, want none", code, out)
	}
}

// summaryOfJSON returns the summary line of the reports in js, the
// checker's -json output, and their number. As the checker's text output
// does, it counts once the report that a file in two packages (p and
// p [p.test]) gets twice: the same analyzer, position, end and message.
func summaryOfJSON(t *testing.T, js string) (string, int) {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, js)
	}
	type key struct{ analyzer, posn, end, message string }
	seen := make(map[key]bool)
	byAnalyzer := make(map[string]int)
	packages := make(map[string]bool)
	total := 0
	for id, byPass := range tree {
		for analyzer, raw := range byPass {
			var diags []struct{ Posn, End, Message string }
			if json.Unmarshal(raw, &diags) != nil {
				continue // an error object, not a list
			}
			for _, d := range diags {
				k := key{analyzer, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				byAnalyzer[analyzer]++
				path, _, _ := strings.Cut(id, " [") // p [p.test] is p
				packages[path] = true
				total++
			}
		}
	}
	var parts []string
	for _, a := range slices.Sorted(maps.Keys(byAnalyzer)) {
		parts = append(parts, fmt.Sprintf("%s %d", a, byAnalyzer[a]))
	}
	plural := func(n int, word string) string {
		if n == 1 {
			return "1 " + word
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	return fmt.Sprintf("psharpvet: %s (%s) in %s\n", plural(total, "report"), strings.Join(parts, ", "), plural(len(packages), "package")), total
}

// countReports returns the number of reports in lines of the checker's
// text output: "file:line:col: message", its related locations having a
// tab after the position.
func countReports(lines []string) int {
	n := 0
	for _, line := range lines {
		if strings.Contains(line, ".go:") && !strings.Contains(line, ": \t") {
			n++
		}
	}
	return n
}
