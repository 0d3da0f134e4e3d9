// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"strings"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file reads a field's confinement where the code states it, as
// docheld.go reads a held lock: a struct field whose comment says that
// one goroutine or function owns it (net/http's persistConn, "readLimit
// int64 // bytes allowed to be read; owned by readLoop";
// model.OwnedByDoc) is not compared between entry points in the default
// reading. The owner hands the value on by means the analysis may not
// follow (persistConn.Read runs on readLoop's goroutine through the
// bufio.Reader that wraps the connection); the comment is the author's
// evidence, RacerD's @ThreadConfined. A field is taken by name: every
// field of that name in the package's struct types must say so. What the
// rule trades: a race on such a field, which breaks the comment, is not
// reported; the strict reading does not take the comment's word.

// ownedFieldNames returns the names of the package's struct fields that
// every declaration of that name confines by its comment.
func (c *checker) ownedFieldNames() map[string]bool {
	if c.model.Strict {
		return nil
	}
	seen := make(map[string]bool) // name -> every field so far is owned
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok || st.Fields == nil {
				return true
			}
			for _, fld := range st.Fields.List {
				owned := model.OwnedByDoc(fld.Doc.Text() + " " + fld.Comment.Text())
				for _, name := range fld.Names {
					if prev, ok := seen[name.Name]; ok {
						seen[name.Name] = prev && owned
					} else {
						seen[name.Name] = owned
					}
				}
			}
			return true
		})
	}
	var out map[string]bool
	for name, owned := range seen {
		if owned {
			if out == nil {
				out = make(map[string]bool)
			}
			out[name] = true
		}
	}
	return out
}

// ownedPath reports whether path is a field of ownedFields, or an
// element below one.
func (c *checker) ownedPath(path string) bool {
	if len(c.ownedFields) == 0 {
		return false
	}
	for strings.HasSuffix(path, "]") {
		i := strings.LastIndexByte(path, '[')
		if i < 0 {
			return false
		}
		path = path[:i]
	}
	return c.ownedFields[lastSel(path)]
}
