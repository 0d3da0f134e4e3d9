package reply

// A client whose queueing helper sends the request it builds around the
// caller's data and returns the channel the reply comes on: a receive
// from what the call returned waits for the other side.

type packet struct {
	data  []byte
	reply chan int
}

type Client struct{ out chan *packet }

// queue sends a packet of data and returns its reply channel.
func (c *Client) queue(data []byte) <-chan int {
	p := &packet{data: data, reply: make(chan int, 1)}
	c.out <- p
	return p.reply
}

// request waits for the reply of what it queued.
func (c *Client) request(data []byte) int {
	return <-c.queue(data)
}

// Retry sends the same data until the reply says it went through: each
// request is over before the next one sends the data again.
func (c *Client) Retry(data []byte) int {
	n := 0
	for i := 0; i < 3 && n == 0; i++ {
		n = c.request(data)
	}
	data[0] = 1
	return n
}

// Post queues data and does not wait.
func (c *Client) Post(data []byte) {
	c.queue(data)
	data[0] = 1 // want `data is written after it was given up by \(\*reply.Client\).queue`
}

// PostLater waits on another channel than the reply's.
func (c *Client) PostLater(data []byte, done chan int) {
	c.queue(data)
	<-done
	data[0] = 1 // want `data is written after it was given up by \(\*reply.Client\).queue`
}
