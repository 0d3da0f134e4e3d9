// Package receivergoroutine pins the rule that handing the receiver itself
// to a goroutine (go s.loop()) does not violate condition 1 (the receiver
// outlives the method), while the method's own later accesses of the
// receiver, and its fields handed to goroutines, are still reported.
package receivergoroutine

type Server struct {
	reqs    chan string
	quit    chan bool
	handled int
	buf     []byte
}

func (s *Server) loop() {
	for {
		select {
		case r := <-s.reqs:
			s.handled += len(r)
		case <-s.quit:
			return
		}
	}
}

// Start starts the server's actor loop: quiet.
func (s *Server) Start() {
	go s.loop()
}

// StartLiteral starts the loop through a literal capturing the receiver:
// quiet.
func (s *Server) StartLiteral() {
	go func() {
		s.loop()
	}()
}

// StartAndCount touches the receiver after starting its loop: condition 3
// still applies, so reported.
func (s *Server) StartAndCount() {
	go s.loop()
	s.handled = 0 // want `s is written after it was handed to the goroutine started at line \d+`
}

func flush(buf []byte, done chan bool) {
	buf[0] = 0
	done <- true
}

// FlushAsync hands a field of the receiver, not the receiver, to a
// goroutine: it stays reachable from s.buf, so reported.
func (s *Server) FlushAsync(done chan bool) {
	go flush(s.buf, done) // want `s.buf is handed to a new goroutine but stays reachable from s.buf`
}
