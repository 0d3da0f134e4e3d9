// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package directive_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/psharpvet/psharpvet/internal/directive"
)

// parseTests are the cases of TestParse, and seeds of FuzzParse.
var parseTests = []struct {
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
}

func TestParse(t *testing.T) {
	for _, tc := range parseTests {
		verb, args, ok := directive.Parse(tc.text)
		if verb != tc.verb || !slices.Equal(args, tc.args) || ok != tc.ok {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q, %v", tc.text, verb, args, ok, tc.verb, tc.args, tc.ok)
		}
	}
}

// FuzzParse checks what the passes rely on when they read a directive's
// verb and arguments, for any comment text: Parse does not panic, it
// accepts exactly the texts with the prefix, and every word it returns is
// a non-empty word of the directive itself, free of white space and of
// the "//" that starts a trailing comment. Parse returns no errors and the
// package prints no directives, so there is no message or round trip to
// check.
func FuzzParse(f *testing.F) {
	for _, tc := range parseTests {
		f.Add(tc.text)
	}
	// Directives of the passes' analysistest inputs, malformed ones
	// included.
	for _, text := range []string{
		"//psharpvet:shared yes // want `malformed directive`",
		"//psharpvet:entrypoint now",
		"//psharpvet:entrypointt",
		"//psharpvet:handler: the handlers of one type run one at a time",
		"//psharpvet:ignore the receiver only counts messages",
		"//psharpvet:ignore",
		"//psharpvet:send j",
		"//psharpvet:serialized //",
		"//psharpvet:\u00a0shared\u2028x",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		verb, args, ok := directive.Parse(text)
		if ok != strings.HasPrefix(text, directive.Prefix) {
			t.Fatalf("Parse(%q): ok = %v, but the text has the prefix: %v", text, ok, !ok)
		}
		if !ok {
			if verb != "" || args != nil {
				t.Fatalf("Parse(%q) = %q, %q for a text that is not a directive", text, verb, args)
			}
			return
		}
		if verb == "" && args != nil {
			t.Fatalf("Parse(%q): arguments %q without a verb", text, args)
		}
		directiveText := strings.TrimPrefix(text, directive.Prefix)
		if i := strings.Index(directiveText, "//"); i >= 0 {
			directiveText = directiveText[:i]
		}
		words := args
		if verb != "" {
			words = append([]string{verb}, args...)
		}
		for _, w := range words {
			if w == "" || strings.IndexFunc(w, unicode.IsSpace) >= 0 || strings.Contains(w, "//") {
				t.Fatalf("Parse(%q): word %q is empty, has white space or a comment", text, w)
			}
			if !strings.Contains(directiveText, w) {
				t.Fatalf("Parse(%q): word %q is not in the directive %q", text, w, directiveText)
			}
		}
	})
}
