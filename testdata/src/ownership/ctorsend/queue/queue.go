// Package queue returns its senders behind interfaces: importers cannot
// name the concrete types, whose methods send what they are given.
package queue

// Item is what the senders carry.
type Item struct{ N int }

// Sender sends items.
type Sender interface {
	Send(it *Item)
}

// chanSender sends on a channel.
type chanSender struct{ ch chan *Item }

func (s *chanSender) Send(it *Item) { s.ch <- it }

// NewSender returns a sender on ch.
func NewSender(ch chan *Item) Sender { return &chanSender{ch: ch} }

// NewCheckedSender returns nil or a sender on ch: the one concrete type
// of its non-nil results.
func NewCheckedSender(ch chan *Item) (Sender, error) {
	if ch == nil {
		return nil, errNoChannel
	}
	return &chanSender{ch: ch}, nil
}

type queueError string

func (e queueError) Error() string { return string(e) }

const errNoChannel = queueError("no channel")

// counter counts what it is given and keeps nothing.
type counter struct{ n int }

func (c *counter) Send(it *Item) { c.n += it.N }

// NewCounter returns a sender that reads its items only.
func NewCounter() Sender { return &counter{} }

// NewEither returns one of two types: the analysis cannot name the one a
// call gets.
func NewEither(ch chan *Item) Sender {
	if ch == nil {
		return &counter{}
	}
	return &chanSender{ch: ch}
}

// typedSender is generic.
type typedSender[T any] struct{ ch chan *T }

func (s *typedSender[T]) Send(v *T) { s.ch <- v }

// TypedSender sends values of T.
type TypedSender[T any] interface {
	Send(v *T)
}

// NewTyped returns a generic sender on ch.
func NewTyped[T any](ch chan *T) TypedSender[T] { return &typedSender[T]{ch: ch} }

// starter starts a goroutine on itself.
type starter struct{ items []*Item }

func (s *starter) Start() { go s.run() }

func (s *starter) run() { s.items = s.items[:0] }

// Starter is started once.
type Starter interface{ Start() }

// NewStarter returns a starter.
func NewStarter() Starter { return &starter{} }
