package ctorsend

import "ownership/ctorsend/queue"

// Client keeps the sender a constructor made in an unexported field, set
// only by its own constructor.
type Client struct{ out queue.Sender }

// NewClient makes a client on ch.
func NewClient(ch chan *queue.Item) *Client { return &Client{out: queue.NewSender(ch)} }

// Post hands it to the client's sender.
func (c *Client) Post(it *queue.Item) { c.out.Send(it) }

// PostThenWrite writes an item after the client sent it.
func (c *Client) PostThenWrite() {
	it := &queue.Item{}
	c.out.Send(it)
	it.N = 1 // want `it is written after it was given up by \(\*queue.chanSender\).Send`
}

// PostViaMethodThenWrite goes through Post.
func PostViaMethodThenWrite(c *Client) {
	it := &queue.Item{}
	c.Post(it)
	it.N = 1 // want `it is written after it was given up by \(\*ctorsend.Client\).Post`
}

// Relay keeps whatever sender its caller gives it: unseen.
type Relay struct{ out queue.Sender }

// NewRelay makes a relay on s.
func NewRelay(s queue.Sender) *Relay { return &Relay{out: s} }

// PostThenWrite cannot tell what the relay's sender does.
func (r *Relay) PostThenWrite() {
	it := &queue.Item{}
	r.out.Send(it)
	it.N = 1
}

// Swapper lets a helper set its sender through a pointer: unseen.
type Swapper struct{ out queue.Sender }

func setSender(dst *queue.Sender, s queue.Sender) { *dst = s }

// NewSwapper makes a swapper whose sender counts.
func NewSwapper(s queue.Sender) *Swapper {
	w := &Swapper{out: queue.NewCounter()}
	setSender(&w.out, s)
	return w
}

// PostThenWrite cannot tell what the swapper's sender does either.
func (w *Swapper) PostThenWrite() {
	it := &queue.Item{}
	w.out.Send(it)
	it.N = 1
}

// Counted keeps a counter: it reads its items only.
type Counted struct{ out queue.Sender }

// NewCounted makes one.
func NewCounted() *Counted { return &Counted{out: queue.NewCounter()} }

// PostThenWrite keeps its item.
func (c *Counted) PostThenWrite() int {
	it := &queue.Item{N: 1}
	c.out.Send(it)
	it.N = 2
	return it.N
}
