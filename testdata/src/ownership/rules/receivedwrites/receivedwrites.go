// Package receivedwrites pins that a write through memory a received
// message points to, made after the message was sent on, is a use of
// what the send gave up: the heap holds no object for what received
// memory points to, and the write is found through the nearest value it
// is loaded from that the heap does hold (m, the message). Writes before
// the send, and writes of a copy, are quiet.
package receivedwrites

type inner struct{ x int }

type msg struct {
	in   *inner
	tags []string
	hdr  map[string]string
}

// Stamp writes the header before it forwards the message: quiet.
func Stamp(in <-chan *msg, out chan<- *msg) {
	for m := range in {
		m.hdr["stage"] = "2"
		m.in.x++
		out <- m
	}
}

// Copied forwards a copy of the inner value and keeps writing its own:
// quiet.
func Copied(in <-chan *msg, out chan<- *inner) {
	m := <-in
	c := *m.in
	out <- &c
	m.in.x++
}

// Restamp writes the header of the message it forwarded.
func Restamp(in <-chan *msg, out chan<- *msg) {
	for m := range in {
		out <- m
		m.hdr["stage"] = "late" // want `m is written after it was sent on out \(line \d+\); the receiver may be using it concurrently`
	}
}

// Bump writes what the forwarded message points to.
func Bump(in <-chan *msg, out chan<- *msg) {
	m := <-in
	out <- m
	m.in.x = 1 // want `m is written after it was sent on out \(line \d+\); the receiver may be using it concurrently`
}

// Retag writes an element of the forwarded message's slice.
func Retag(in <-chan *msg, out chan<- *msg) {
	m := <-in
	out <- m
	m.tags[0] = "x" // want `m is written after it was sent on out \(line \d+\); the receiver may be using it concurrently`
}
