// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !psharpvetprofile

package main

import "golang.org/x/tools/go/analysis"

// profileUnit does nothing: profiles of go vet units need a build with the
// psharpvetprofile tag (profile.go).
func profileUnit([]string, []*analysis.Analyzer) {}
