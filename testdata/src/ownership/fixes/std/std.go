//go:build go1.21

// Package std imports the standard packages a copy needs: the fix uses
// an import of the name it needs, and gives up where the package is
// imported under another name.
package std

import "maps"

func counter(ch chan map[string]int) {
	for m := range ch {
		m["n"]++
	}
}

// Imported reads a map after sending it, in a file that imports maps.
func Imported(ch chan map[string]int) int {
	m := map[string]int{"a": 1}
	ch <- m
	return m["a"] + len(maps.Clone(m)) // want `m is read after it was sent on ch`
}

// Start starts the receivers.
func Start() {
	go counter(make(chan map[string]int))
	go sorter(make(chan []int))
}
