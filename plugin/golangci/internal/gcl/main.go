// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command gcl is golangci-lint with the psharpvet plugin compiled in: the
// binary "golangci-lint custom" builds, without its git clone.
//
// golangci-lint custom clones golangci-lint at the configured version,
// writes a file of blank imports of the plugins into its
// cmd/golangci-lint, and builds that command. This command is the same
// program (golangci-lint's commands.Execute with the plugin registered)
// built from the module cache at the version this module requires, so
// that the plugin's test can build it where git and GitHub are not at
// hand.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/psharpvet/psharpvet/plugin/golangci"
)

// golangciLint is the module path of golangci-lint v2.
const golangciLint = "github.com/golangci/golangci-lint/v2"

func main() {
	// The version is "(devel)", whatever golangci-lint's, so that
	// golangci-lint salts its cache of results with a hash of this
	// binary, not with a version string that stays the same when the
	// analyzers change (golangci-lint custom puts a hash of the plugins'
	// sources into the version instead).
	info := commands.BuildInfo{
		GoVersion: "unknown",
		Version:   "(devel)",
		Commit:    "golangci-lint with the psharpvet plugin",
		Date:      "(unknown)",
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
		for _, dep := range bi.Deps {
			if dep.Path == golangciLint {
				info.Commit = "golangci-lint " + dep.Version + " with the psharpvet plugin"
			}
		}
	}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
