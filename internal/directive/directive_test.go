// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package directive_test

import (
	"slices"
	"testing"

	"github.com/psharpvet/psharpvet/internal/directive"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		text string
		verb string
		args []string
		ok   bool
	}{
		{"//psharpvet:entrypoint", "entrypoint", nil, true},
		{"//psharpvet:send a b // why", "send", []string{"a", "b"}, true},
		{"//psharpvet:serialized\trtnl", "serialized", []string{"rtnl"}, true},
		{"//psharpvet:", "", nil, true},
		{"//psharpvet: // nothing", "", nil, true},
		{"// psharpvet:shared", "", nil, false},
		{"//go:noinline", "", nil, false},
	} {
		verb, args, ok := directive.Parse(tc.text)
		if verb != tc.verb || !slices.Equal(args, tc.args) || ok != tc.ok {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q, %v", tc.text, verb, args, ok, tc.verb, tc.args, tc.ok)
		}
	}
}
