// Package slices is not the standard one, but its name is.
package slices

// N is a number.
const N = 1
