// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// inProcess is the environment of a standalone run that analyses every
// package in one process instead of running them through go vet.
var inProcess = []string{"PSHARPVET_INPROCESS=1"}

// TestDelegatedMatchesInProcess checks that a standalone run, which goes
// through go vet -vettool, prints what the in-process checker prints:
// the same text in the same order, the same summary and exit code, the
// same diagnostics in its -json output and the same SARIF log.
func TestDelegatedMatchesInProcess(t *testing.T) {
	bin := build(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gopath := filepath.Join(root, "testdata")
	for _, tc := range []struct {
		name, dir, pkg string
		env            []string
	}{
		{"example", root, "./testdata/example", nil},
		{"test variants", module(t, "summary"), "./...", nil},
		// The in-process checker reports on a's tests after b: go vet's
		// one unit of a and its tests must be split.
		{"test variant after a dependency", module(t, "order"), "./...", nil},
		{"two analyzers", filepath.Join(gopath, "src"), "./ownership/goroutines", gopathEnv(gopath)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inEnv := append(slices.Clone(tc.env), inProcess...)
			for _, flags := range [][]string{nil, {"-strict"}, {"-lockset=false"}} {
				args := append(slices.Clone(flags), tc.pkg)
				how := strings.Join(args, " ")
				out, errOut, code := runSplit(t, tc.dir, tc.env, bin, args...)
				noStackTrace(t, errOut)
				wantOut, wantErr, wantCode := runSplit(t, tc.dir, inEnv, bin, args...)
				if code != wantCode || out != wantOut || errOut != wantErr {
					t.Errorf("%s: exit code %d, stdout %q, stderr:\n%s\nwant, in one process, exit code %d, stdout %q, stderr:\n%s",
						how, code, out, errOut, wantCode, wantOut, wantErr)
				}
				if code != 3 && flags == nil {
					t.Errorf("%s: exit code %d, want 3 (reports)", how, code)
				}
			}

			js, errOut, code := runSplit(t, tc.dir, tc.env, bin, "-json", tc.pkg)
			wantJS, _, wantCode := runSplit(t, tc.dir, inEnv, bin, "-json", tc.pkg)
			got, want := jsonReports(t, js), jsonReports(t, wantJS)
			if code != wantCode || code != 0 || errOut != "" || !slices.Equal(got, want) || len(got) < 2 {
				t.Errorf("-json: exit code %d (want %d), stderr %q; reports:\n%s\nwant:\n%s",
					code, wantCode, errOut, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}

			sarif := filepath.Join(t.TempDir(), "out.sarif")
			wantSARIF := filepath.Join(t.TempDir(), "out.sarif")
			text, code := runEnv(t, tc.dir, tc.env, bin, "-sarif", sarif, tc.pkg)
			wantText, wantCode := runEnv(t, tc.dir, inEnv, bin, "-sarif", wantSARIF, tc.pkg)
			data, _ := os.ReadFile(sarif)
			wantData, _ := os.ReadFile(wantSARIF)
			if code != wantCode || !slices.Equal(sortedLines(text), sortedLines(wantText)) || string(data) != string(wantData) || len(data) == 0 {
				t.Errorf("-sarif: exit code %d (want %d), text:\n%s\nwant:\n%s\nlog:\n%s\nwant:\n%s", code, wantCode, text, wantText, data, wantData)
			}
		})
	}
}

// jsonReports returns the reports of the -json output js, each once, as
// "analyzer posn: message", sorted: the in-process checker lists a file
// of a package with tests under p and p [p.test], go vet under p alone.
func jsonReports(t *testing.T, js string) []string {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, js)
	}
	var reports []string
	for _, byPass := range tree {
		for analyzer, raw := range byPass {
			var diags []struct{ Posn, Message string }
			if json.Unmarshal(raw, &diags) != nil {
				continue // an error object
			}
			for _, d := range diags {
				reports = append(reports, analyzer+" "+d.Posn+": "+d.Message)
			}
		}
	}
	slices.Sort(reports)
	return slices.Compact(reports)
}

// TestDelegatedFlags checks the standalone flags that go vet has its own
// way of saying: -tags becomes go vet's build flag, which the in-process
// checker does not have (it ignores -tags, go vet's legacy flag), and a
// flag that only the in-process checker has keeps the run in one process
// with a line that says so, as does a missing go command.
func TestDelegatedFlags(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module tagged\n\ngo 1.22\n",
		"p/p.go": "package p\n\nfunc F() {}\n",
		"p/race.go": `//go:build special

package p

func G(ch chan *[]int) {
	xs := &[]int{1}
	ch <- xs
	(*xs)[0] = 2
}
`,
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const report = "xs is written after it was sent on ch"
	out, code := run(t, dir, bin, "-tags=special", "./...")
	if code != 3 || !strings.Contains(out, report) {
		t.Errorf("-tags=special: exit code %d, want 3 and the report in race.go:\n%s", code, out)
	}
	if out, code := run(t, dir, bin, "./..."); code != 0 || out != "" {
		t.Errorf("without -tags: exit code %d, output %q; want 0 and none", code, out)
	}
	if out, code := runEnv(t, dir, inProcess, bin, "-tags=special", "./..."); code != 0 || out != "" {
		t.Errorf("in one process, -tags=special: exit code %d, output %q; want 0 and none (the checker has no build tags)", code, out)
	}

	const fallback = "analysing all packages in one process"
	out, code = run(t, dir, bin, "-c=1", "-tags=special", "./...")
	if code != 0 || strings.Count(out, fallback) != 1 || !strings.Contains(out, "-c") {
		t.Errorf("-c=1: exit code %d, want 0 and one line on the fallback:\n%s", code, out)
	}
	// Without a go command, go/packages needs a driver of its own: the
	// in-process checker then fails to load, after the line.
	out, _ = runEnv(t, dir, []string{"PATH=" + t.TempDir()}, bin, "./...")
	noStackTrace(t, out)
	if strings.Count(out, fallback) != 1 || !strings.Contains(out, "no go command") {
		t.Errorf("no go command: want one line on the fallback:\n%s", out)
	}
}
