// Package exempt checks that values of types that carry no ownership are
// never reported.
package exempt

import (
	"context"
	"errors"
	"regexp"
	"sync"
	"time"
)

type Point struct{ X, Y int }

type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

func SendInt(ch chan int) {
	n := 1
	ch <- n
	n++
	_ = n
}

func SendString(ch chan string) {
	s := "a"
	ch <- s
	s += "b"
	_ = s
}

func SendStruct(ch chan Point) {
	p := Point{1, 2}
	ch <- p
	p.X = 3
	_ = p
}

func SendContext(ch chan context.Context, ctx context.Context) {
	ch <- ctx
	<-ctx.Done()
	_ = ctx.Err()
}

func SendError(ch chan error) error {
	err := errors.New("x")
	ch <- err
	return errors.Join(err, err)
}

func SendTime(ch chan time.Time) bool {
	t := time.Now()
	ch <- t
	return t.IsZero()
}

func SendRegexp(ch chan *regexp.Regexp, re *regexp.Regexp) bool {
	ch <- re
	return re.MatchString("x")
}

func SendLocked(ch chan *Counter) {
	c := &Counter{n: map[string]int{}}
	ch <- c
	c.mu.Lock()
	c.n["a"]++
	c.mu.Unlock()
}

func SendChannel(ch chan chan int) {
	c := make(chan int, 1)
	ch <- c
	c <- 1
}

func SendArray(ch chan [4]int) {
	var a [4]int
	ch <- a
	a[0] = 1
	_ = a
}
