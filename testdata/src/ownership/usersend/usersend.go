// Package usersend declares a transfer the model does not know: Publish
// hands its message to subscribers that run on other goroutines. The test
// declares it with -concur.send='(*ownership/usersend.Bus).Publish:0'.
package usersend

// A Bus queues messages for its subscribers' goroutines.
type Bus struct{ queue []*Msg }

type Msg struct{ Body string }

// Publish queues m; the analysis cannot see the goroutines that drain the
// queue, so without the user's row this is not a transfer.
func (b *Bus) Publish(m *Msg) { b.queue = append(b.queue, m) }

// Post writes m after publishing it.
func Post(b *Bus) {
	m := &Msg{Body: "hello"}
	b.Publish(m)
	m.Body = "bye" // want `m is written after it was sent with \(\*usersend.Bus\).Publish \(line \d+\); whoever receives it may be using it concurrently`
}

// PostFresh publishes a new message each time and keeps none: quiet.
func PostFresh(b *Bus) {
	b.Publish(&Msg{Body: "hello"})
}
