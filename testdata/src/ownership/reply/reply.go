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
