//go:build go1.21

package fixes

import "ownership/fixes/slices"

// No copy where the name of the package it needs means something else.

// Shadowed imports a package named slices that is not the standard one.
func Shadowed(ch chan []int) int {
	xs := []int{1}
	ch <- xs
	return xs[0] + slices.N // want `xs is read after it was sent on ch`
}

// Local declares a variable named maps.
func Local(ch chan map[string]int) int {
	maps := 1
	m := map[string]int{"a": 1}
	ch <- m
	return m["a"] + maps // want `m is read after it was sent on ch`
}
