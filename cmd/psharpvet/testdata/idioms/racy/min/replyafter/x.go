package replyafter

type Request struct {
	Key   string
	Reply chan string
	Seen  bool
}

func Server(reqs <-chan *Request) {
	for r := range reqs {
		r.Reply <- r.Key
		r.Seen = true // race:
	}
}

func Ask(reqs chan<- *Request) bool {
	r := &Request{Key: "k", Reply: make(chan string, 1)}
	reqs <- r
	<-r.Reply
	return r.Seen
}

func Run() bool {
	reqs := make(chan *Request)
	go Server(reqs)
	return Ask(reqs)
}
