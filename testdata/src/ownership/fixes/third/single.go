//go:build go1.21

package third

import "example.com/other"

func counter(ch chan map[string]int) {
	for m := range ch {
		m["n"]++
	}
}

// SendMap sends and reads a map.
func SendMap(ch chan map[string]int) int {
	m := map[string]int{"a": other.N}
	ch <- m
	return m["a"] // want `m is read after it was sent on ch`
}

// StartCounter starts the receiver.
func StartCounter() { go counter(make(chan map[string]int)) }
