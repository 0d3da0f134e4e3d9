// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"regexp"
	"strings"
	"sync"
)

// setupDocs are the phrasings by which a method's doc comment restricts
// it to the owner's setup of its value, before the value is started,
// served, used or shared (fasthttp's Server.NextProto: "This function can
// only be called before the server is started"; go/types'
// Interface.MarkImplicit: "should be called before any concurrent use";
// x/net's ConfigureServer: "must be called before s begins serving"), or
// before the call that starts it (centrifuge's Node.OnSurvey: "This
// should be done before Node.Run called"; "must be called before Start").
var setupDocs = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bbefore any concurrent use\b|\bbe called before\b[^.]{0,60}?\b(?:is|are|begins|starts)\s+(?:started|serving|used|shared|running|opened)\b|\bbe called before\b[^.]{0,60}?\b(?:first|any) use\b|` +
		`\b(?:be|is)\s+(?:called|done|set|invoked)\s+before\s+(?:calling\s+)?(?:\w+\.)*(?:Run|Start|Serve|ListenAndServe|Listen|Open)(?:\(\))?(?:\s+(?:is\s+)?called\b|\s*[.,;]|\s*$)`)
})

// DocumentsSetup reports whether a method's doc comment says that it may
// only be called while its value is set up, before it is started, served,
// used or shared.
func DocumentsSetup(doc string) bool {
	if !strings.Contains(doc, "before") {
		return false
	}
	return setupDocs().MatchString(strings.Join(strings.Fields(doc), " "))
}
