//go:build go1.21

package std

import sl "slices"

func sorter(ch chan []int) {
	for xs := range ch {
		xs[0] = 0
	}
}

// Renamed reads a slice after sending it, in a file that imports slices
// under another name: no fix.
func Renamed(ch chan []int) int {
	xs := []int{2, 1}
	ch <- xs
	return xs[0] + len(sl.Clone(xs)) // want `xs is read after it was sent on ch`
}
