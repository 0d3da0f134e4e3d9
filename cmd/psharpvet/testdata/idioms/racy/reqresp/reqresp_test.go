package reqresp

import (
	"testing"
	"time"
)

func TestSubmit(t *testing.T) {
	jobs := make(chan *Job)
	go func() {
		for j := range jobs {
			time.Sleep(2 * time.Millisecond)
			j.Sum = 1
			close(j.Done)
		}
	}()
	_ = Submit(jobs, []int{1, 2}, time.Microsecond)
	time.Sleep(5 * time.Millisecond)
	close(jobs)
}

func TestSubmitMore(t *testing.T) {
	jobs := make(chan *Job)
	go Summer(jobs)
	_ = SubmitMore(jobs, []int{1, 2})
	close(jobs)
}

func TestAsk(t *testing.T) {
	reqs := make(chan *Request)
	go Server(reqs)
	_, _ = Ask(reqs, "a")
	close(reqs)
}
