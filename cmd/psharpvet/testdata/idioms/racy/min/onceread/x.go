package onceread

import "sync"

type Client struct {
	once sync.Once
	conn *int
}

func (c *Client) Get() *int {
	if c.conn != nil { // race:
		return c.conn
	}
	c.once.Do(func() { c.conn = new(int) })
	return c.conn
}

func Use(c *Client) {
	go c.Get()
	c.Get()
}
