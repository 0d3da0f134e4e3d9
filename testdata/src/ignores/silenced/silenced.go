// Command silenced holds races whose reports ignore comments silence: no
// pass reports anything here. (A command exports no lockset facts.)
package main

import "sync"

type Msg struct{ n int }

// Sent writes a message after sending it, which the receiver only counts:
// the ownership report is silenced by a comment on the line above.
func Sent(ch chan *Msg) {
	m := &Msg{}
	ch <- m
	//psharpvet:ignore the receiver only counts messages and never reads them
	m.n++
}

// SentSameLine silences the report with a comment at the end of its line.
func SentSameLine(ch chan *Msg) {
	m := &Msg{}
	ch <- m
	m.n++ //psharpvet:ignore the receiver only counts messages
}

// Counter's Get reads without the lock Inc takes: the lockset report is
// silenced.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *Counter) Get() int {
	//psharpvet:ignore a stale count is fine for the progress line that calls Get
	return c.n
}

func main() {}
