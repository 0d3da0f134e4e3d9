// Package other is a package outside the standard library.
package other

// N is a number.
const N = 1
