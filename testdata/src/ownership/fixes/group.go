//go:build go1.21

package fixes

import (
	"unicode/utf8"
	// unsafe is imported for its Sizeof.
	"unsafe"

	"example.com/other"
)

// A copy of a slice and of a map, in a file with a group of standard
// imports: the import goes in sorted place.

// Sizes sends and reads a slice.
func Sizes(ch chan []int) int {
	xs := []int{utf8.UTFMax, int(unsafe.Sizeof(0))}
	ch <- xs
	return xs[0] + other.N // want `xs is read after it was sent on ch`
}

// Names sends and reads a map.
func Names(ch chan map[string]int) int {
	m := map[string]int{"a": 1}
	ch <- m
	return len(m) // want `m is read after it was sent on ch`
}
