// Package readonlyfields pins the default reading's rule that a race needs
// a write: reading a field that no code writes after construction, after
// the object was sent, races with no one (fieldwrites). Fields written
// after construction, anywhere in the build, stay reported.
package readonlyfields

import "fmt"

// A Request is built by its sender; the worker fills in Result.
type Request struct {
	ID     int
	Key    string
	Result []byte
	Reply  chan struct{}
	hits   int
}

func NewRequest(id int, key string) *Request {
	r := &Request{ID: id, Reply: make(chan struct{})}
	r.Key = key // before the request is published: construction
	return r
}

func worker(in chan *Request) {
	for r := range in {
		r.Result = []byte(r.Key) // written after construction
		r.hits++
		close(r.Reply)
	}
}

// Submit reads the id and key after the send: set before it and never
// written again, they race with no one. Quiet.
func Submit(in chan *Request, id int, key string) {
	r := NewRequest(id, key)
	in <- r
	fmt.Println("submitted", r.ID, r.Key)
}

// Peek reads the result before the worker replied: reported.
func Peek(in chan *Request, id int) []byte {
	r := NewRequest(id, "k")
	in <- r
	return r.Result // want `r is read after it was sent on in`
}

// Wait reads the result after the reply: the join ends the transfer. Quiet.
func Wait(in chan *Request, id int) []byte {
	r := NewRequest(id, "k")
	in <- r
	<-r.Reply
	return r.Result
}

// Published writes a field after the object was handed over: a write is
// always reported.
func Published(in chan *Request) {
	r := &Request{}
	in <- r
	r.hits = 1 // want `r is written after it was sent on in`
}

// Late reads hits, which worker writes: reported.
func Late(in chan *Request) int {
	r := NewRequest(1, "k")
	in <- r
	return r.hits // want `r is read after it was sent on in`
}

// A Config is never written after construction.
type Config struct {
	Name  string
	Limit int
}

var current *Config

// Publish keeps the config it sends in a package-level variable: nobody
// writes a Config after construction, so sharing it is no race. Quiet by
// default (ownership/strict reports the same shape).
func Publish(ch chan *Config, name string) {
	c := &Config{Name: name, Limit: 10}
	current = c
	ch <- c
}

// Late keeps a request, which the worker writes: reported.
var lastRequest *Request

func Remember(in chan *Request) {
	r := NewRequest(2, "k")
	lastRequest = r
	in <- r // want `r is sent on in but stays reachable from readonlyfields.lastRequest`
}
