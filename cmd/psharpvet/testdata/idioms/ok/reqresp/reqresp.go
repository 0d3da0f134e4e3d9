package reqresp

// Channel of channels: each request carries its own reply channel.
type Request struct {
	Key   string
	Reply chan string
}

func Server(reqs <-chan Request) {
	data := map[string]string{"a": "1"}
	for r := range reqs {
		r.Reply <- data[r.Key]
	}
}

func Ask(reqs chan<- Request, key string) string {
	reply := make(chan string, 1)
	reqs <- Request{Key: key, Reply: reply}
	return <-reply
}

// chan chan: a client asks for a fresh channel of results.
func Subscribe(subs chan chan int) <-chan int {
	c := make(chan int, 8)
	subs <- c
	return c
}

func Publisher(subs chan chan int, values []int) {
	var all []chan int
	for {
		select {
		case c, ok := <-subs:
			if !ok {
				for _, v := range values {
					for _, s := range all {
						s <- v
					}
				}
				for _, s := range all {
					close(s)
				}
				return
			}
			all = append(all, c)
		}
	}
}

// Pointer request mutated by the server, read by client after reply.
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

func Submit(jobs chan<- *Job, in []int) int {
	j := &Job{In: in, Done: make(chan struct{})}
	jobs <- j
	<-j.Done
	return j.Sum
}

// Pointer request with reply via error channel.
type Put struct {
	Key, Val string
	Err      chan error
}

func Store(ops <-chan *Put, m map[string]string) {
	for op := range ops {
		m[op.Key] = op.Val
		op.Err <- nil
	}
}

func DoPut(ops chan<- *Put, k, v string) (string, error) {
	p := &Put{Key: k, Val: v, Err: make(chan error, 1)}
	ops <- p
	err := <-p.Err
	return p.Key, err
}
