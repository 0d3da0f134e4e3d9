// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package analysisdoc extracts an Analyzer's documentation from the doc
// comment of its package, as the x/tools passes do.
package analysisdoc

import (
	"fmt"
	"strings"
)

// MustExtract returns the "# Analyzer name" section of the doc comment
// held in content (a doc.go file embedded with go:embed). It panics if the
// section is missing: that is a build mistake, caught by any test.
func MustExtract(content, name string) string {
	header := "// # Analyzer " + name + "\n"
	_, after, ok := strings.Cut(content, header)
	if !ok {
		panic(fmt.Sprintf("%s: doc.go lacks %q", name, strings.TrimSpace(header)))
	}
	var lines []string
	for line := range strings.SplitSeq(after, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
