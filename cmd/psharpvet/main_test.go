// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// build compiles psharpvet into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "psharpvet")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// module copies testdata/<name> into a temporary module directory.
func module(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", name)
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		rel = strings.TrimSuffix(rel, ".txt")
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func run(t *testing.T, dir string, name string, args ...string) (string, int) {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv runs name with args in dir, with env added to the environment,
// and returns its standard output and error, interleaved, and its exit
// code.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out.String(), 0
}

// runSplit runs name with args in dir, with env added to the
// environment, and returns its standard output, its standard error and
// its exit code.
func runSplit(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), errOut.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out.String(), errOut.String(), 0
}

// stackTrace matches the header of a goroutine's stack in the trace the
// Go runtime prints on a panic or a fatal error.
var stackTrace = regexp.MustCompile(`goroutine [0-9]+ \[`)

func noStackTrace(t *testing.T, out string) {
	t.Helper()
	if stackTrace.MatchString(out) {
		t.Errorf("output has a stack trace:\n%s", out)
	}
}

// TestRealGo runs the tool on cgo, assembly, unsafe and generic code: it
// must report the uses after send there, and nothing may crash.
func TestRealGo(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the assembly stub is for amd64")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("cgo needs gcc")
	}
	bin := build(t)
	dir := module(t, "realgo")
	out, code := run(t, dir, bin, "./...")
	noStackTrace(t, out)
	if code != 3 {
		t.Fatalf("exit code %d, want 3 (diagnostics)\n%s", code, out)
	}
	for _, want := range []string{
		"b is passed to a function literal after it was sent on ch", // cgo call
		"b is read after it was sent on ch",                         // pointer from a uintptr
		"xs is read after it was sent on ch",                        // generic function
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// An assembly stub is a call the analysis cannot see into: no
	// evidence by default, a possible use under -strict.
	const asmUse = "x is passed to asm.Add after it was sent on ch"
	if strings.Contains(out, asmUse) {
		t.Errorf("the default reading reported an unseen callee:\n%s", out)
	}
	again, _ := run(t, dir, bin, "./...")
	if again != out {
		t.Errorf("output differs between two runs:\n%s\n---\n%s", out, again)
	}

	vet, code := run(t, dir, "go", "vet", "-vettool="+bin, "-strict", "./...")
	noStackTrace(t, vet)
	if code == 0 || !strings.Contains(vet, asmUse) {
		t.Errorf("go vet -vettool: exit %d\n%s", code, vet)
	}

	js, code := run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Errorf("-json exit code %d, want 0", code)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		t.Errorf("-json output is not JSON: %v\n%s", err, js)
	}
}

// TestBadInput checks that bad input gets a clear error and the exit code
// the README's "Exit codes" documents, standalone and under go vet, never
// a stack trace.
func TestBadInput(t *testing.T) {
	bin := build(t)
	const (
		cleanPackage = "package ok\n\nfunc F() {}\n"
		typeError    = "package bad\n\nfunc f() int { return \"x\" }\n"
		missingDep   = "package bad\n\nimport _ \"example.com/nosuch/dep\"\n"
		directives   = `package bad

//psharpvet:entrypoint extra
func F() {}

func G() {
	x := 1
	//psharpvet:ignore
	_ = x
}
`
	)
	for _, tc := range []struct {
		name       string
		src        string   // the module's one file
		flags      []string // before ./...
		standalone int      // the exit code of psharpvet ./...
		vet        int      // the exit code of go vet -vettool
		lines      int      // of the standalone output, if not 0
		want       []string // in both outputs
	}{
		{"type error", typeError, nil, 1, 1, 1,
			[]string{`cannot use "x" (untyped string constant) as int value`}},
		{"missing dependency", missingDep, nil, 1, 1, 0,
			[]string{"no required module provides package example.com/nosuch/dep"}},
		// go vet rejects a flag the tool does not declare, and a bad
		// value of a boolean one, itself; it passes other values on, and
		// the tool's exit code 2 becomes its 1.
		{"unknown flag", cleanPackage, []string{"-no-such-flag"}, 2, 2, 2,
			[]string{"flag provided but not defined: -no-such-flag"}},
		{"malformed row", cleanPackage, []string{"-concur.send=garbage"}, 2, 1, 2,
			[]string{`invalid value "garbage" for flag -concur.send: send row "garbage": "garbage" has no package path`}},
		{"malformed argument index", cleanPackage, []string{"-concur.send=(*x.T).M:abc"}, 2, 1, 2,
			[]string{`send row "(*x.T).M:abc": argument index "abc" is not a non-negative integer`}},
		{"malformed boolean", cleanPackage, []string{"-strict=maybe"}, 2, 2, 2,
			[]string{`invalid boolean value "maybe" for -strict`}},
		// Malformed directives are diagnostics, of the directive and
		// ignore categories; the summary line follows them.
		{"malformed directives", directives, nil, 3, 1, 3,
			[]string{
				"bad.go:3:1: malformed directive: //psharpvet:entrypoint takes no arguments",
				"bad.go:8:2: //psharpvet:ignore needs a reason",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bad\n\ngo 1.22\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "bad.go"), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			check := func(how string, out string, code, want int) {
				t.Helper()
				noStackTrace(t, out)
				if code != want {
					t.Errorf("%s: exit code %d, want %d\n%s", how, code, want, out)
				}
				for _, w := range tc.want {
					if !strings.Contains(out, w) {
						t.Errorf("%s: output lacks %q:\n%s", how, w, out)
					}
				}
			}

			// Standalone through go vet, and in one process.
			for _, env := range [][]string{nil, inProcess} {
				how := strings.TrimSpace("psharpvet " + strings.Join(env, " "))
				out, code := runEnv(t, dir, env, bin, append(tc.flags, "./...")...)
				check(how, out, code, tc.standalone)
				// The analyzers a package's errors stop are not
				// listed: the errors are the message.
				if strings.Contains(out, "failed prerequisites") || strings.Contains(out, "analysis skipped") {
					t.Errorf("%s: output lists the analyzers the errors stopped:\n%s", how, out)
				}
				if n := strings.Count(out, "\n"); tc.lines != 0 && n != tc.lines {
					t.Errorf("%s: %d lines, want %d:\n%s", how, n, tc.lines, out)
				}
				// A run that printed reports ends with their
				// summary, and only such a run.
				summary := regexp.MustCompile(`(?m)^psharpvet: [0-9]+ reports? \(.*\) in [0-9]+ packages?\n\z`)
				if summary.MatchString(out) != (code == 3) {
					t.Errorf("%s: exit code %d, and the output ends with a summary: %t:\n%s", how, code, summary.MatchString(out), out)
				}
			}

			vetArgs := append(append([]string{"vet", "-vettool=" + bin}, tc.flags...), "./...")
			out, code := run(t, dir, "go", vetArgs...)
			check("go vet", out, code, tc.vet)
		})
	}
}

// TestDeterministic checks that two runs on the same packages print the
// same reports in the same order: the README example, and a package of
// the analysistest tree on which both the ownership and the lockset pass
// report several races.
func TestDeterministic(t *testing.T) {
	bin := build(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gopath := filepath.Join(root, "testdata")

	// The tree under testdata/src is GOPATH-style, as analysistest
	// loads it.
	js, _ := runEnv(t, filepath.Join(gopath, "src"), gopathEnv(gopath), bin, "-json", "./ownership/goroutines")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, js)
	}
	for _, pass := range []string{"ownership", "lockset"} {
		reports := 0
		for _, byPass := range tree {
			var diags []json.RawMessage
			json.Unmarshal(byPass[pass], &diags) // an error object is not a list
			reports += len(diags)
		}
		if reports < 2 {
			t.Errorf("ownership/goroutines: %d %s reports, want several to compare", reports, pass)
		}
	}

	for _, tc := range []struct {
		dir, pkg string
		env      []string
	}{
		{root, "./testdata/example", nil},
		{filepath.Join(gopath, "src"), "./ownership/goroutines", gopathEnv(gopath)},
	} {
		first, code := runEnv(t, tc.dir, tc.env, bin, tc.pkg)
		noStackTrace(t, first)
		if code != 3 || strings.TrimSpace(first) == "" {
			t.Errorf("%s: exit code %d, want 3 (reports):\n%s", tc.pkg, code, first)
			continue
		}
		second, _ := runEnv(t, tc.dir, tc.env, bin, tc.pkg)
		if second != first {
			t.Errorf("%s: the two runs differ:\n%s\n---\n%s", tc.pkg, first, second)
		}
	}
}

// gopathEnv is the environment of a run in the GOPATH-style tree
// gopath/src.
func gopathEnv(gopath string) []string {
	return []string{"GOPATH=" + gopath, "GO111MODULE=off", "GOFLAGS="}
}

// TestXSAFlag checks that -xsa=false turns the cross-state analysis off:
// Example 5.5's repaired list manager, quiet by default, is reported as
// P# without xSA reports it, under psharpvet and under go vet.
func TestXSAFlag(t *testing.T) {
	bin := build(t)
	dir := module(t, "xsa")
	const repaired = "m.list is sent on m.out but stays reachable from m.list"
	const leaky = "l.list is sent on l.out but stays reachable from l.list"
	out, _ := run(t, dir, bin, "./...")
	if strings.Contains(out, repaired) || !strings.Contains(out, leaky) {
		t.Errorf("with xsa: want the leaky manager only:\n%s", out)
	}
	for _, cmd := range [][]string{
		{bin, "-xsa=false", "./..."},
		{"go", "vet", "-vettool=" + bin, "-xsa=false", "./..."},
	} {
		out, _ := run(t, dir, cmd[0], cmd[1:]...)
		noStackTrace(t, out)
		if !strings.Contains(out, repaired) || !strings.Contains(out, leaky) {
			t.Errorf("%s: want both managers:\n%s", strings.Join(cmd, " "), out)
		}
	}
}

// TestFix checks that -fix applies the suggested fixes (README, "Reports
// and their fixes"): standalone, and with Go 1.26's go vet -fix and go
// fix -fixtool, which run the tool as go vet does; the fixed module has
// no report left. Plain go vet only reports.
func TestFix(t *testing.T) {
	bin := build(t)
	want, err := os.ReadFile(filepath.Join("testdata", "fix", "fix.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	const reset, clone = "m.list is sent on m.out but stays reachable from m.list", "xs is passed to fmt.Println after it was sent on ch"
	for _, cmd := range [][]string{
		{bin, "-fix", "./..."},
		{inProcess[0], bin, "-fix", "./..."},
		{"go", "vet", "-vettool=" + bin, "-fix", "./..."},
		{"go", "fix", "-fixtool=" + bin, "./..."},
	} {
		how := strings.Join(cmd, " ")
		dir := module(t, "fix")
		var env []string
		if strings.Contains(cmd[0], "=") { // an environment variable first
			env, cmd = cmd[:1], cmd[1:]
		}
		out, code := runEnv(t, dir, env, cmd[0], cmd[1:]...)
		noStackTrace(t, out)
		if code != 0 {
			t.Errorf("%s: exit code %d, want 0\n%s", how, code, out)
		}
		got, err := os.ReadFile(filepath.Join(dir, "fix.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: fix.go is\n%s\nwant (testdata/fix/fix.go.golden)\n%s", how, got, want)
			continue
		}
		if out, code := run(t, dir, bin, "./..."); code != 0 {
			t.Errorf("%s: the fixed module still has reports (exit code %d):\n%s", how, code, out)
		}
	}

	dir := module(t, "fix")
	out, code := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	noStackTrace(t, out)
	if code == 0 || !strings.Contains(out, reset) || !strings.Contains(out, clone) {
		t.Errorf("go vet: exit code %d, want the two reports:\n%s", code, out)
	}
	orig, err := os.ReadFile(filepath.Join("testdata", "fix", "fix.go"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "fix.go")); !bytes.Equal(got, orig) {
		t.Errorf("go vet without -fix changed fix.go:\n%s", got)
	}
}
