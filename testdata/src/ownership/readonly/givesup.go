package readonly

type Request struct {
	URL    string
	Header map[string]string
}

type Response struct{ Status int }

// watch starts a goroutine that only reads the request, the way
// net/http's cancellation timer does.
func watch(r *Request, stop chan bool) {
	go func() {
		<-stop
		println(r.URL)
	}()
}

func do(r *Request) *Response {
	stop := make(chan bool)
	watch(r, stop)
	return &Response{Status: 200}
}

// The caller of a function that hands the request to a reading goroutine
// may keep reading it: quiet.
func callerReads() string {
	r := &Request{URL: "x"}
	do(r)
	return r.URL
}

// Writing it races with the reader: reported.
func callerWrites() {
	r := &Request{URL: "x"}
	do(r)
	r.URL = "y" // want `r is written after it was given up by readonly.do`
}

// Actor is started by its constructor, which keeps the mailbox it is
// given and returns the actor.
type Actor struct {
	box  *Mailbox
	stop chan bool
}

type Mailbox struct{ items []int }

func NewActor(box *Mailbox) *Actor {
	a := &Actor{box: box, stop: make(chan bool)}
	go a.loop()
	return a
}

func (a *Actor) loop() {
	<-a.stop
	a.box.items = nil
}

func (a *Actor) Stop() { a.stop <- true }

// The caller talks to the actor the constructor returned: quiet, since
// the constructor hands the mailbox over with its result.
func startAndStop() {
	a := NewActor(&Mailbox{})
	a.Stop()
}
