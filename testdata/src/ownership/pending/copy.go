package pending

type Server struct {
	buf []byte
}

// SendCopyOfField is race-free: b is a new array and copy only copies
// bytes into it; nothing of s.buf is sent.
//
// Expected: no diagnostic.
// Actual: "b is sent on ch but stays reachable from s.buf[…]; the receiver
// may be using it concurrently" (condition 1) at the send. The taint model
// of copy loads s.buf's elements as a location even though bytes hold no
// references, materialises an object for them and links it into b.
func (s *Server) SendCopyOfField(ch chan []byte) {
	b := make([]byte, len(s.buf))
	copy(b, s.buf)
	ch <- b
}
