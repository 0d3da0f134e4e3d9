// Package replyback pins the rule that answering a request on a channel
// held in one of its fields (r.reply <- v, close(r.done)) hands the
// request back to its sender, who waits on that channel: what the
// answering goroutine does to the request afterwards races with it.
package replyback

type Request struct {
	Key   string
	Seen  bool
	Hits  int
	Reply chan string
	Done  chan struct{}
}

// Serve marks the request after answering it. Reported.
func Serve(reqs <-chan *Request) {
	for r := range reqs {
		r.Reply <- r.Key
		r.Seen = true // want `r is written after it was handed back to its sender by the send on r.Reply \(line \d+\); the sender, waiting for the reply, may be using it again`
	}
}

// Finish counts a hit after closing the request's done channel, the
// future idiom. Reported.
func Finish(reqs <-chan *Request) {
	for {
		r, ok := <-reqs
		if !ok {
			return
		}
		r.Key = "done"
		close(r.Done)
		r.Hits++ // want `r is written after it was handed back to its sender by closing r.Done \(line \d+\)`
	}
}

// Either answers requests that arrive in a select. Reported.
func Either(a, b <-chan *Request, stop <-chan struct{}) {
	for {
		select {
		case r := <-a:
			r.Reply <- "a"
			r.Seen = true // want `r is written after it was handed back to its sender`
		case <-b:
		case <-stop:
			return
		}
	}
}

// MarkFirst writes the request before answering it: the requester sees
// the write once it has the reply. Quiet.
func MarkFirst(reqs <-chan *Request) {
	for r := range reqs {
		r.Seen = true
		r.Reply <- r.Key
	}
}

// LogAfter only reads the request after answering it: both sides may
// read it. Quiet.
func LogAfter(reqs <-chan *Request, log func(string)) {
	for r := range reqs {
		r.Reply <- r.Key
		log(r.Key)
	}
}

// ByValue receives copies: answering one hands back nothing the loop
// keeps. Quiet.
func ByValue(reqs <-chan Request) {
	for r := range reqs {
		r.Reply <- r.Key
		r.Seen = true
	}
}

type Server struct {
	out  chan string
	seen int
}

// Own sends on a channel of its own receiver, which no one waits on for
// the server: no request is answered. Quiet.
func (s *Server) Own(msg string) {
	s.out <- msg
	s.seen++
}

type Log struct {
	got  []string
	done chan struct{}
}

// Token passes one log from holder to holder through a channel of
// capacity one: closing its done channel answers no request, since
// whoever waits gets the log back through the send that follows. Quiet.
func Token(logs chan *Log, s string) {
	l := <-logs
	l.got = append(l.got, s)
	if l.done != nil && len(l.got) > 2 {
		close(l.done)
		l.done = nil
	}
	logs <- l
}
