// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import "testing"

func TestDocumentsSetup(t *testing.T) {
	for doc, want := range map[string]bool{
		"NextProto adds nph to be processed when key is negotiated.\nThis function can only be called before the server is started.":       true,
		"MarkImplicit marks the interface t as implicit.\nMarkImplicit should be called before any concurrent use of implicit interfaces.": true,
		"ConfigureServer adds HTTP/2 support.\nConfigureServer must be called before s begins serving.":                                    true,
		"SetSticky sets the pool's mode. It must be called before the pool is used.":                                                       true,
		"Hello sends a HELO. It must be called before the first use of the client.":                                                        true,
		"TimeoutError MUST be called before returning from RequestHandler if there are references to ctx.":                                 false,
		"Delims sets the action delimiters. It must be called before the template is parsed.":                                              false,
		"Close closes the server. It is safe to call before the server is started.":                                                        false,
		"Start starts the server.": false,
		"OnSurvey allows setting SurveyHandler. This should be done before Node.Run called.": true,
		"Use adds a middleware. It must be called before Start.":                             true,
		"SetLogger sets the logger. It must be called before calling Run().":                 true,
		"Stop must be called before Run returns, or the goroutine leaks.":                    false,
		"Flush is called before Serve returns each response.":                                false,
	} {
		if got := DocumentsSetup(doc); got != want {
			t.Errorf("DocumentsSetup(%q) = %v, want %v", doc, got, want)
		}
	}
}
