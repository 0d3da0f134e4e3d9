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
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
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

func noStackTrace(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "goroutine ") && strings.Contains(out, "panic") {
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

// TestBadInput checks that bad input gets a clear error and a non-zero
// exit, never a stack trace.
func TestBadInput(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bad\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.go"), []byte("package bad\n\nfunc f() int { return \"x\" }\n"), 0o644)

	out, code := run(t, dir, bin, "./...")
	noStackTrace(t, out)
	if code == 0 || !strings.Contains(out, "cannot use") {
		t.Errorf("a package that does not type-check: exit %d\n%s", code, out)
	}

	out, code = run(t, dir, bin, "-no-such-flag", "./...")
	noStackTrace(t, out)
	if code == 0 || !strings.Contains(out, "flag provided but not defined") {
		t.Errorf("an unknown flag: exit %d\n%s", code, out)
	}
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
