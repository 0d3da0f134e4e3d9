package reqresp

import "testing"

func TestReqResp(t *testing.T) {
	reqs := make(chan Request)
	go Server(reqs)
	_ = Ask(reqs, "a")
	close(reqs)
	subs := make(chan chan int)
	done := make(chan struct{})
	go func() { Publisher(subs, []int{1, 2}); close(done) }()
	c := Subscribe(subs)
	close(subs)
	<-done
	for range c {
	}
	jobs := make(chan *Job)
	go Summer(jobs)
	_ = Submit(jobs, []int{1, 2})
	ops := make(chan *Put)
	go Store(ops, map[string]string{})
	_, _ = DoPut(ops, "k", "v")
}
