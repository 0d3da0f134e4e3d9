// Package user applies summaries imported from package dep.
package user

import "taint/dep"

// fill links b to t through dep's summary of Put.
func fill(b *dep.Box, t *dep.T) { // want fill:`^summary 0->1\(item\)( writes 0)?$`
	b.Put(t)
}

// take returns memory of b through dep's summary of Take.
func take(b *dep.Box) *dep.T { // want take:`^summary returns 0\(item>\)$`
	return b.Take()
}

// fresh returns a box made by dep.New, unrelated to t.
func fresh(t *dep.T) *dep.Box { // want fresh:`^summary$`
	return dep.New()
}

// boxed returns a new box that holds t.
func boxed(t *dep.T) *dep.Box { // want boxed:`^summary returns new 0( writes [0-9 ]+)?$`
	b := dep.New()
	b.Put(t)
	return b
}
