// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file is -version, which says which release of psharpvet runs.
// -V=full, the go command's query, gives a build ID instead: a hash of
// the executable, on which go vet keys its cache.

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// versionUsage is the help of -version.
const versionUsage = "print the version of the psharpvet module this program was built from, and exit (standalone only)"

// isVersionFlag reports whether args are -version alone. The flag is not
// in the checker's flag set, which go vet queries with -flags: it is a
// question to the standalone command, not an option of a run.
func isVersionFlag(args []string) bool {
	return len(args) == 1 && (args[0] == "-version" || args[0] == "--version")
}

// printVersion writes "prog version (go version)" to w: the version of
// the main module, as go install module@version records it ("v1.2.0"),
// as go build records it in a clone of the repository (a pseudo-version,
// "+dirty" if the tree had changes), or "(devel)" when none is known.
func printVersion(w io.Writer, prog string) {
	version := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		version = info.Main.Version
	}
	fmt.Fprintf(w, "%s %s (%s)\n", prog, version, runtime.Version())
}
