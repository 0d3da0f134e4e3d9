// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"regexp"
	"strings"
	"sync"
)

// ownedDocs are the phrasings by which a struct field's comment confines
// the field to one goroutine or function (net/http's persistConn:
// "readLimit int64 // bytes allowed to be read; owned by readLoop").
var ownedDocs = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:owned (?:only )?by|(?:only|exclusively) accessed (?:by|from|in)|accessed (?:only|exclusively) (?:by|from|in)|confined to)\s+\S`)
})

// OwnedByDoc reports whether a field's comment (its doc comment or its
// line comment) says that one goroutine or function owns the field.
func OwnedByDoc(comment string) bool {
	if !strings.Contains(comment, " by") && !strings.Contains(comment, " from") &&
		!strings.Contains(comment, " in") && !strings.Contains(comment, " to") {
		return false
	}
	return ownedDocs().MatchString(strings.Join(strings.Fields(comment), " "))
}
