// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package suitetest locates the analysistest tree the passes share.
package suitetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
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
