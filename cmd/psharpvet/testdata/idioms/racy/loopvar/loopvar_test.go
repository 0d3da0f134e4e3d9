package loopvar

import (
	"errors"
	"testing"
)

func TestStartAll(t *testing.T) {
	out := make(chan string, 10)
	StartAll([]Server{{"a", 1}, {"b", 2}, {"c", 3}}, out)
}

func TestWatch(t *testing.T) {
	out := make(chan string, 10)
	up := make(chan *Server, 3)
	up <- &Server{Name: "b"}
	up <- &Server{Name: "c"}
	close(up)
	Watch(&Server{Name: "a"}, up, out)
}

func TestCheckAll(t *testing.T) {
	_ = CheckAll([]string{"a", "b", "c"}, func(string) error { return errors.New("x") })
}
