// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/model"
)

func TestOwnedByDoc(t *testing.T) {
	for _, tc := range []struct {
		comment string
		want    bool
	}{
		{"bytes allowed to be read; owned by readLoop", true},
		{"sticky read error; owned by\ntransportResponseBody.Read", true},
		{"Only accessed by the run goroutine.", true},
		{"accessed only from the event loop", true},
		{"confined to the writer goroutine", true},
		{"owned by", false},
		{"protected by mu", false},
		{"the buffer, used by Read", false},
		{"ownership is passed by the channel", false},
	} {
		if got := model.OwnedByDoc(tc.comment); got != tc.want {
			t.Errorf("OwnedByDoc(%q) = %v, want %v", tc.comment, got, tc.want)
		}
	}
}
