// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package suitetest locates the analysistest tree the passes share.
package suitetest

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/passes/concur"
)

// Dir returns the absolute path of the repository's testdata directory,
// the GOPATH-style tree of every pass's test packages (go list wants it
// absolute).
func Dir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the suitetest package")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Track reads the given directories under testdata/src so that the go
// command's test cache notices files added to or changed in them:
// analysistest lists packages with a go list subprocess, whose reads the
// cache does not see.
func Track(t testing.TB, dirs ...string) {
	for _, d := range dirs {
		root := filepath.Join(Dir(t), "src", filepath.FromSlash(d))
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

// Module returns the absolute path of the test module testdata/mod/name,
// whose packages import real modules (the actor frameworks) at the
// versions its go.mod pins. analysistest loads a module with GOPROXY=off,
// so Module first has the go command fetch what the module needs into the
// module cache, from the proxy the environment names.
func Module(t testing.TB, name string) string {
	dir := filepath.Join(Dir(t), "mod", name)
	cmd := exec.Command("go", "list", "-deps", "-test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fetching the modules testdata/mod/%s needs (go list in %s): %v\n%s", name, dir, err, out)
	}
	return dir
}

// SetRows adds rows to the concur analyzer's flag -name (send, spawn,
// join, ...) for the duration of the test. The flags are the shared
// analyzer's: a test that sets them must not run in parallel.
func SetRows(t testing.TB, name, rows string) {
	t.Helper()
	f := concur.Analyzer.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("concur has no -%s flag", name)
	}
	if err := f.Value.Set(rows); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.(*model.RowsFlag).Rows = nil })
}
