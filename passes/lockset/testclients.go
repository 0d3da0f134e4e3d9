// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file keeps the default reading from reporting a race in the
// package's own code on the strength of a test's schedule alone.
//
// A test is a client of the package it tests. When a test's goroutines
// (or the test beside them) call into the package, which calls overlap is
// the test's choice, ordered by the test's channels, wait groups and
// data, and go test -race checks that schedule when it runs. A race
// between two accesses that both lie in the package's non-test code needs
// the package's own concurrency as evidence: its goroutines, its
// handlers, the exported methods of a type that shows it is shared (a
// lock, atomics, a goroutine of its own). Those entry points are compared
// without the test, so a test that calls two methods of a shared type at
// once adds no report those entry points do not already give. What a
// test's goroutine does to memory a test file touches itself (its
// captured variables, a hook variable the test sets, a fake's fields) is
// still compared with everything else.
// The strict reading compares them all.

// startedByTest reports whether a goroutine started in spawner runs on a
// test's behalf: its go statement lies in a _test.go file.
func (c *checker) startedByTest(spawner *ssa.Function) bool {
	return !c.model.Strict && c.inTestFile(spawner)
}

// inPackageCode reports whether pos lies in a non-test file of the
// package (or of a package it imports).
func inPackageCode(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && !strings.HasSuffix(f.Name(), "_test.go")
}

// testApart returns apart, for the goroutines spawner starts, extended
// with the pairs testScheduled leaves to the package's entry points when
// spawner is a test's.
func (c *checker) testApart(spawner *ssa.Function, apart func(a, b *epAccess) bool) func(a, b *epAccess) bool {
	if !c.startedByTest(spawner) {
		return apart
	}
	fset := c.pass.Fset
	return func(a, b *epAccess) bool {
		return apart != nil && apart(a, b) || testScheduled(fset, a, b)
	}
}

// testScheduled reports whether the race of a and b, between entry
// points of which at least one is a test's, lies wholly in the package's
// non-test code: the default reading leaves it to the package's own
// entry points.
func testScheduled(fset *token.FileSet, a, b *epAccess) bool {
	return inPackageCode(fset, a.pos) && inPackageCode(fset, b.pos)
}
