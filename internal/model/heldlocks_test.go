// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"reflect"
	"testing"
)

func TestHeldOnEntry(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want []DocLock
	}{
		{"Lock should be held.", []DocLock{{}}},
		{"markClosed marks the connection closed.\nLock is held on entry.", []DocLock{{}}},
		{"Remove a message.\nfs lock should be held.", []DocLock{{Owner: "fs"}}},
		{"Read lock should be held.", []DocLock{{Read: true}}},
		{"Account lock must be held", []DocLock{{Owner: "Account"}}},
		{"c.mu must be held.", []DocLock{{Owner: "c", Field: "mu"}}},
		{"t.idleMu must be held.", []DocLock{{Owner: "t", Field: "idleMu"}}},
		{"The caller must hold connReader.mu.", []DocLock{{Owner: "connReader", Field: "mu"}}},
		{"caller must hold es.mu.", []DocLock{{Owner: "es", Field: "mu"}}},
		{"requires p.mu is held.", []DocLock{{Owner: "p", Field: "mu"}}},
		{"Must be called with the lock held.", []DocLock{{}}},
		{"mu must be held while calling.", []DocLock{{Field: "mu"}}},
		{"Lock held.", []DocLock{{}}},
		{"Write lock must be held.", []DocLock{{Write: true}}},
		// Not the convention.
		{"Lock should not be held.", nil},
		{"Will NOT check if tracing is enabled, does NOT need the client lock.", nil},
		{"Lock acquires the lock.", nil},
		{"The stream's account lock must be held.", nil},
		{"wmu is held while writing.", nil},
	} {
		if got := HeldOnEntry(tc.doc); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("HeldOnEntry(%q) = %+v, want %+v", tc.doc, got, tc.want)
		}
	}
}
