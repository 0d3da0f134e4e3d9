// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ParseRow parses a row a user declares with a flag, in the form
//
//	pkg/path.F:N          a function and an argument index
//	(*pkg/path.T).M:N,M   a method and several argument indices
//	(pkg/path.I).M        an interface method, for kinds without arguments
//
// Argument indices count from 0 and do not count the receiver. Kinds that
// are about an argument (send, spawn, once) need at least one index;
// kinds that are not (join, locks) take none.
func ParseRow(k Kind, s string) (Row, error) {
	s = strings.TrimSpace(s)
	name, args, hasArgs := s, "", false
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		name, args, hasArgs = s[:i], s[i+1:], true
	}
	if err := checkFuncName(name); err != nil {
		return Row{}, fmt.Errorf("%s row %q: %v", k, s, err)
	}
	r := Row{Func: name, Kind: k}
	if hasArgs {
		for _, a := range strings.Split(args, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(a))
			if err != nil || n < 0 {
				return Row{}, fmt.Errorf("%s row %q: argument index %q is not a non-negative integer", k, s, a)
			}
			r.Args = append(r.Args, n)
		}
	}
	switch k {
	case Transfer, Spawn, Once, Become, WritesElems:
		if len(r.Args) == 0 {
			return Row{}, fmt.Errorf("%s row %q: needs an argument index, as in %s:0", k, s, name)
		}
		if k != Transfer && k != WritesElems && len(r.Args) != 1 {
			return Row{}, fmt.Errorf("%s row %q: takes exactly one argument index", k, s)
		}
	default:
		if hasArgs {
			return Row{}, fmt.Errorf("%s row %q: takes no argument index", k, s)
		}
	}
	return r, nil
}

// checkFuncName checks the shape of a types.Func.FullName.
func checkFuncName(name string) error {
	const want = "want pkg/path.Func, (*pkg/path.Type).Method or (pkg/path.Type).Method"
	// Import paths and identifiers are made of graphic characters other
	// than spaces (the spec's restriction, which gc applies), so no
	// function's full name holds a space, a tab, a line break or a
	// control character. Rejecting them here also keeps the messages
	// that print the name on one line.
	if strings.IndexFunc(name, notInName) >= 0 {
		return fmt.Errorf("%q has white space or a control character: %s", name, want)
	}
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ").")
		if end < 0 || end+2 == len(name) {
			return fmt.Errorf("malformed method name: %s", want)
		}
		recv := strings.TrimPrefix(name[1:end], "*")
		if i := strings.LastIndexByte(recv, '.'); i <= 0 || i == len(recv)-1 {
			return fmt.Errorf("receiver %q has no package path: %s", recv, want)
		}
		if !isIdent(name[end+2:]) {
			return fmt.Errorf("method name %q is not an identifier: %s", name[end+2:], want)
		}
		return nil
	}
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return fmt.Errorf("%q has no package path: %s", name, want)
	}
	if strings.ContainsAny(name, " ()*") || !isIdent(name[i+1:]) {
		return fmt.Errorf("%q is not a function name: %s", name, want)
	}
	return nil
}

// notInName reports whether r cannot occur in a function's full name.
func notInName(r rune) bool { return unicode.IsSpace(r) || !unicode.IsGraphic(r) }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r > 127
		if !letter && !(i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// A RowsFlag is a flag.Value collecting user rows of one kind. The flag
// may be repeated, and one use may hold several rows separated by ';'.
type RowsFlag struct {
	Kind Kind
	Rows []Row
}

// String returns the rows given so far, separated by ';'.
func (f *RowsFlag) String() string {
	if f == nil {
		return ""
	}
	var parts []string
	for _, r := range f.Rows {
		s := r.Func
		for i, a := range r.Args {
			sep := ","
			if i == 0 {
				sep = ":"
			}
			s += sep + strconv.Itoa(a)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ";")
}

// Set parses and adds the rows of s.
func (f *RowsFlag) Set(s string) error {
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		r, err := ParseRow(f.Kind, part)
		if err != nil {
			return err
		}
		f.Rows = append(f.Rows, r)
	}
	return nil
}
