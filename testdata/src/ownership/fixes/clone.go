//go:build go1.21

package fixes

// Use after transfer: a copy is sent when the read right after the send
// would otherwise race with the receiver's writes.

func sorter(ch chan []int) {
	for xs := range ch {
		xs[0] = 0
	}
}

func counter(ch chan map[string]int) {
	for m := range ch {
		m["n"]++
	}
}

func ptrs(ch chan []*T) {
	for ps := range ch {
		ps[0] = nil
	}
}

// ReadAfterSend reads a slice after sending it: send a copy.
func ReadAfterSend(ch chan []int) int {
	xs := []int{3, 1, 2}
	ch <- xs
	return xs[0] // want `xs is read after it was sent on ch`
}

// ReadMapAfterSend reads a map after sending it.
func ReadMapAfterSend(ch chan map[string]int) int {
	m := map[string]int{"a": 1}
	ch <- (m)
	return m["a"] // want `\(m\) is read after it was sent on ch`
}

// Holder holds a slice.
type Holder struct{ ids []int }

// ReadFieldAfterSend reads a field after sending it.
func ReadFieldAfterSend(ch chan []int, h *Holder) {
	ch <- h.ids
	println(h.ids[0]) // want `h.ids is read after it was sent on ch`
}

// WriteAfterSend writes after the send: the receiver may be meant to see
// it, so no copy is offered.
func WriteAfterSend(ch chan []int) {
	xs := []int{3, 1, 2}
	ch <- xs
	xs[1] = 5 // want `xs is written after it was sent on ch`
}

// Pointers sends a slice of pointers: a copy would still share them.
func Pointers(ch chan []*T) *T {
	ps := []*T{{}}
	ch <- ps
	return ps[0] // want `ps is read after it was sent on ch`
}

// Sub sends a slice expression, not a variable.
func Sub(ch chan []int) int {
	xs := []int{1, 2}
	ch <- xs[:1]
	return xs[0] // want `xs\[:1\] is read after it was sent on ch`
}

// Waits reads after a receive, which may be the receiver's word that it
// is done writing.
func Waits(ch chan []int, done chan bool) int {
	xs := []int{1, 2}
	ch <- xs
	<-done
	return xs[0] // want `xs is read after it was sent on ch`
}

// Later reads in another block.
func Later(ch chan []int, c bool) int {
	xs := []int{1, 2}
	ch <- xs
	if c {
		return xs[0] // want `xs is read after it was sent on ch`
	}
	return 0
}

var global = []int{1}

// Global sends a package-level variable.
func Global(ch chan []int) int {
	ch <- global     // want `global is sent on ch but stays reachable from fixes.global`
	return global[0] // want `global is read after it was sent on ch`
}

func work(xs []int) { xs[0]++ }

// Go hands the slice to a goroutine, which may be computing it for the
// read.
func Go() int {
	xs := []int{1, 2}
	go work(xs)
	return xs[0] // want `xs is read after it was handed to the goroutine`
}

// Select sends in a select statement of one case, which is a send.
func Select(ch chan []int) int {
	xs := []int{1, 2}
	select {
	case ch <- xs:
	}
	return xs[0] // want `xs is read after it was sent on ch`
}

// Select2 sends in a select statement of two cases.
func Select2(ch chan []int, done chan bool) int {
	xs := []int{1, 2}
	select {
	case ch <- xs:
	case <-done:
	}
	return xs[0] // want `xs is read after it was sent on ch`
}

// StartReceivers starts the receivers.
func StartReceivers() {
	go sorter(make(chan []int))
	go counter(make(chan map[string]int))
	go ptrs(make(chan []*T))
}
