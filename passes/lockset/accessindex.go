// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"bytes"
	"hash/maphash"
)

// An accessIndex finds an access among those a summary has kept by its
// key (Access.key), for de-duplication, without making a string of
// every key: a map keyed by strings made a string of each new key, a
// gigabyte on nats-server's server package, all of it garbage when the
// analysis ends. It maps a hash of the key to the first access with that
// hash, and a key whose hash another key already has to its own index
// by the key itself; a hit is checked against the access's own key, so
// two keys never meet by their hashes alone.
type accessIndex struct {
	hash     func(key []byte) uint64
	byHash   map[uint64]int
	collided map[string]int // keys whose hash an earlier key has
	key      []byte         // the key looked up
	other    []byte         // the key of the access a hash hit names
}

func newAccessIndex() *accessIndex {
	seed := maphash.MakeSeed()
	return &accessIndex{hash: func(key []byte) uint64 { return maphash.Bytes(seed, key) }, byHash: make(map[uint64]int)}
}

// find returns the index in accs of the access with a's key, and whether
// there is one; if not, it records a as accs[next], which its caller
// appends.
func (x *accessIndex) find(a *Access, accs []Access, next int) (int, bool) {
	x.key = a.appendKey(x.key[:0])
	h := x.hash(x.key)
	i, ok := x.byHash[h]
	if !ok {
		x.byHash[h] = next
		return 0, false
	}
	x.other = accs[i].appendKey(x.other[:0])
	if bytes.Equal(x.other, x.key) {
		return i, true
	}
	if j, ok := x.collided[string(x.key)]; ok { // no string made
		return j, true
	}
	if x.collided == nil {
		x.collided = make(map[string]int)
	}
	x.collided[string(x.key)] = next
	return 0, false
}

// reset empties x for the next summary.
func (x *accessIndex) reset() {
	clear(x.byHash)
	x.collided = nil
}
