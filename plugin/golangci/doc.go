// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package golangci registers the psharpvet analyzers as a golangci-lint
// module plugin named "psharpvet".
//
// A custom golangci-lint binary that blank-imports this package (the one
// "golangci-lint custom" builds from a .custom-gcl.yml) runs the suite as
// one linter, enabled and configured in .golangci.yml:
//
//	linters:
//	  default: none
//	  enable:
//	    - psharpvet
//	  settings:
//	    custom:
//	      psharpvet:
//	        type: module
//	        settings:
//	          strict: false
//
// It reports what go vet -vettool=psharpvet reports: the same analyzers
// (concur, ownership, xsa, lockset and ignores), with the flags psharpvet
// gives them. The settings are those of [Settings]; each report's text
// starts with the name of the analyzer that made it ("lockset: ...").
//
// This package is a module of its own, so that golangci-lint and its
// dependencies are requirements of this module only, not of the module
// that holds the analyzers.
package golangci
