package reqresp

import "time"

type Job struct {
	In   []int
	Sum  int
	Done chan struct{}
}

func Summer(jobs <-chan *Job) {
	for j := range jobs {
		s := 0
		for _, v := range j.In {
			s += v
		}
		j.Sum = s
		close(j.Done)
	}
}

// Submit gives up waiting and reads the result anyway.
func Submit(jobs chan<- *Job, in []int, d time.Duration) int {
	j := &Job{In: in, Done: make(chan struct{})}
	jobs <- j
	select {
	case <-j.Done:
	case <-time.After(d):
	}
	return j.Sum // race:
}

// SubmitMore appends to the request's input after sending it.
func SubmitMore(jobs chan<- *Job, in []int) int {
	j := &Job{In: in, Done: make(chan struct{})}
	jobs <- j
	j.In[0] = 0 // race:
	<-j.Done
	return j.Sum
}

type Request struct {
	Key   string
	Reply chan string
	Seen  bool
}

// Server marks the request after replying: the client owns it again by then.
func Server(reqs <-chan *Request) {
	for r := range reqs {
		r.Reply <- r.Key
		r.Seen = true // race:
	}
}

func Ask(reqs chan<- *Request, key string) (string, bool) {
	r := &Request{Key: key, Reply: make(chan string, 1)}
	reqs <- r
	v := <-r.Reply
	return v, r.Seen
}
