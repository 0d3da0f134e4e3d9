package relay

import "testing"

func TestRelay(t *testing.T) {
	in := make(chan *Message, 1)
	out := make(chan *Message, 1)
	in <- &Message{Hdr: &header{}, Tags: map[string]string{}}
	Count(in, out)
	<-out
}
