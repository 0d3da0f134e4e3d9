//go:build go1.21

// Package third imports only packages outside the standard library, and
// once without parentheses: the standard import gets a group, or a
// declaration, of its own.
package third

import (
	"example.com/other"
)

func sorter(ch chan []int) {
	for xs := range ch {
		xs[0] = 0
	}
}

// Send sends and reads a slice.
func Send(ch chan []int) int {
	xs := []int{1}
	ch <- xs
	return xs[0] + other.N // want `xs is read after it was sent on ch`
}

// Start starts the receiver.
func Start() { go sorter(make(chan []int)) }
