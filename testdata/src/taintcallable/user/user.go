// Package user imports the summaries lib exports with -callable: Put's,
// which it needs, is there although put's is not.
package user

import "taintcallable/lib"

// Fill links b to t through lib's summary of Put; without it, the call
// would link nothing.
func Fill(b *lib.Box, t *lib.T) { // want Fill:`^summary 0->1\(item\)( writes 0)?$`
	b.Put(t)
}

// fill does the same, unexported: no fact.
func fill(b *lib.Box, t *lib.T) {
	b.Put(t)
}
