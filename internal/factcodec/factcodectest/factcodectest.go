// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package factcodectest helps the passes test their fact codecs against
// gob's encoding of the same structs, as x/tools encodes facts.
package factcodectest

import (
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// FactList is how x/tools encodes a package's facts: a list of interface
// values.
type FactList struct {
	Facts []analysis.Fact
}

// GobRoundTrip encodes in with gob, decodes the bytes into out, and
// returns them.
func GobRoundTrip(t testing.TB, in, out any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	data := slices.Clone(buf.Bytes())
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(out); err != nil {
		t.Fatal(err)
	}
	return data
}

// RandomStrings returns nil, an empty list, or one to three of words, so
// that a codec meets gob's nil and empty slices.
func RandomStrings(r *rand.Rand, words ...string) []string {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	ss := make([]string, 1+r.IntN(3))
	for i := range ss {
		ss[i] = words[r.IntN(len(words))]
	}
	return ss
}

// A Fields says how many fields a codec knows of a struct type.
type Fields struct {
	Type   reflect.Type
	Fields int
}

// CheckFields fails for each struct type that has another number of fields
// than the codec knows: a field added to a fact's struct must be taught to
// the codec, or the fact would lose it. teach names what to teach.
func CheckFields(t *testing.T, teach string, known ...Fields) {
	t.Helper()
	for _, c := range known {
		if n := c.Type.NumField(); n != c.Fields {
			t.Errorf("%v has %d fields, the codec knows %d: teach %s the new ones", c.Type, n, c.Fields, teach)
		}
	}
}
