// Package reply checks the request/reply idiom: a request carries its own
// reply channel, and the sender gets the request back once it receives on
// it.
package reply

type Request struct {
	In   []int
	Resp int
	Done chan struct{}
}

type Future struct {
	Query string
	Out   chan *Result
}

type Result struct{ N int }

// Serve answers requests.
func Serve(reqs chan *Request) {
	for r := range reqs {
		for _, v := range r.In {
			r.Resp += v
		}
		close(r.Done)
	}
}

// Call waits for the reply before reading the response.
func Call(reqs chan *Request) int {
	req := &Request{In: []int{1, 2}, Done: make(chan struct{})}
	reqs <- req
	<-req.Done
	return req.Resp
}

// CallEarly reads the response before the reply.
func CallEarly(reqs chan *Request) int {
	req := &Request{In: []int{1, 2}, Done: make(chan struct{})}
	reqs <- req
	n := req.Resp // want `req is read after it was sent on reqs`
	<-req.Done
	return n
}

// CallWriteEarly changes the input while the server may read it.
func CallWriteEarly(reqs chan *Request) int {
	req := &Request{In: []int{1, 2}, Done: make(chan struct{})}
	reqs <- req
	req.In[0] = 9 // want `req is (read|written) after it was sent on reqs`
	<-req.Done
	return req.Resp
}

// Ask sends a future and uses the result it receives: the result is new
// memory owned by the receiver.
func Ask(reqs chan *Future) int {
	f := &Future{Query: "q", Out: make(chan *Result, 1)}
	reqs <- f
	r := <-f.Out
	r.N++
	f.Query = "again"
	return r.N
}

// AskReuseBeforeReply reuses the future before the answer.
func AskReuseBeforeReply(reqs chan *Future) *Result {
	f := &Future{Query: "q", Out: make(chan *Result, 1)}
	reqs <- f
	f.Query = "other" // want `f is written after it was sent on reqs`
	return <-f.Out
}

// roundTrip sends the request and waits for its reply.
func roundTrip(reqs chan *Request, r *Request) {
	reqs <- r
	<-r.Done
}

// UseAfterRoundTrip reads the response once roundTrip has returned.
func UseAfterRoundTrip(reqs chan *Request) int {
	r := &Request{In: []int{3}, Done: make(chan struct{})}
	roundTrip(reqs, r)
	return r.Resp
}

// post sends the request without waiting.
func post(reqs chan *Request, r *Request) {
	reqs <- r
}

// UseAfterPost reads the response while the server may be writing it.
func UseAfterPost(reqs chan *Request) int {
	r := &Request{In: []int{3}, Done: make(chan struct{})}
	post(reqs, r)
	return r.Resp // want `r is read after it was given up by reply.post \(line \d+\), which sends it on a channel at reply.go:\d+`
}

// A future: Wait receives the answer, so calling it is a join.
type Promise struct {
	Key    string
	result []byte
	err    error
	done   chan struct{}
}

func (f *Promise) Wait() ([]byte, error) {
	<-f.done
	return f.result, f.err
}

// Lookup sends the future and waits on it before reading the result:
// quiet by default (the call of Wait joins).
func Lookup(ch chan *Promise, key string) []byte {
	f := &Promise{Key: key, done: make(chan struct{})}
	ch <- f
	b, _ := f.Wait()
	return b
}

// Peek reads the result without waiting: reported.
func Peek(ch chan *Promise, key string) []byte {
	f := &Promise{Key: key, done: make(chan struct{})}
	ch <- f
	return f.result // want `f is read after it was sent on ch`
}

func serve(ch chan *Promise) {
	for f := range ch {
		f.result = []byte(f.Key)
		close(f.done)
	}
}
