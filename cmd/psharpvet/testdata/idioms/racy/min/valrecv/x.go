package valrecv

import "sync"

type Counter struct {
	sync.Mutex
	counts map[string]int
}

func (c Counter) Inc(k string) {
	c.Lock()
	defer c.Unlock()
	c.counts[k]++ // race:
}

func Run(c *Counter) {
	go c.Inc("a")
	c.Inc("a")
}
