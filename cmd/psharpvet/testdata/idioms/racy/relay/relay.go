// Package relay forwards messages between stages.
package relay

type header struct{ hops int }

type Message struct {
	Hdr  *header
	Tags map[string]string
}

// Forward stamps each message after handing it to the next stage, which
// may already be reading it.
func Forward(in <-chan *Message, out chan<- *Message) {
	for m := range in {
		out <- m
		m.Tags["via"] = "relay" // race:
	}
	close(out)
}

// Count bumps the hop count of a message it has passed on.
func Count(in <-chan *Message, out chan<- *Message) {
	m := <-in
	out <- m
	m.Hdr.hops++ // race:
}
