// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file keeps the default reading from reporting a race in the
// package's own code on the strength of a test's schedule alone.
//
// A test is a client of the package it tests. When a test's goroutines
// (or the test beside them) call into the package, which calls overlap is
// the test's choice, ordered by the test's channels, wait groups and
// data, which the analysis often cannot follow. A test's goroutine is
// therefore compared, on two accesses that both lie in the package's
// non-test code, as an inferred entry point is (evidence in pairs.go):
// one of the two accesses must be made under a lock of its object, in
// once.Do or atomically, or some access of the compared code to the
// location or to one enclosing it must (a map made in once.Do, then
// written outside it), so that the package itself shows it expects that
// location to be shared. What a test's goroutine does to memory a test
// file touches itself (its captured variables, a hook variable the test
// sets, a fake's fields) is compared as any goroutine's, and the package's
// own entry points (its goroutines, handlers, the exported methods of a
// shared type) are compared without the test. The strict reading compares
// them all.

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
// spawner is a test's; compared are the accesses of sides.
func (c *checker) testApart(spawner *ssa.Function, apart func(a, b *epAccess) bool, sides ...[]*epAccess) func(a, b *epAccess) bool {
	if !c.startedByTest(spawner) {
		return apart
	}
	fset := c.pass.Fset
	synced := syncedPaths(sides...)
	return func(a, b *epAccess) bool {
		return apart != nil && apart(a, b) || testScheduled(fset, synced, a, b)
	}
}

// syncedPaths returns the locations of the accesses of sides that show
// the package expects them to be shared (expectsShared), sorted.
func syncedPaths(sides ...[]*epAccess) []string {
	var out []string
	for _, accs := range sides {
		for _, a := range accs {
			if expectsShared(a) {
				out = append(out, a.key)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// syncedAt reports whether a's location, or one enclosing it, is in
// synced.
func syncedAt(synced []string, a *epAccess) bool {
	return slices.ContainsFunc(synced, func(p string) bool { return hasPathPrefix(a.key, p) })
}

// testScheduled reports whether the race of a and b, between entry
// points of which at least one is a test's, lies wholly in the package's
// non-test code and nothing shows that the package expects the location
// to be shared (neither access, nor any of synced: syncedPaths): the
// default reading leaves it to the package's own entry points.
func testScheduled(fset *token.FileSet, synced []string, a, b *epAccess) bool {
	return inPackageCode(fset, a.pos) && inPackageCode(fset, b.pos) &&
		!expectsShared(a) && !expectsShared(b) && !syncedAt(synced, a) && !syncedAt(synced, b)
}
