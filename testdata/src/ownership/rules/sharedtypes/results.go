package sharedtypes

import "ownership/rules/sharedtypes/links"

// The memory a call returns through several results is one object. When
// every result is memory that is never transferred, it is typed by the one
// that is neither an interface nor free of pointers: a link accepted with
// its error (links.Accept) stays a shareable link. A buffer opened with its
// error (links.Open) does not type the object, and stays transferred.

// Peer holds a link and its outbound queue.
type Peer struct {
	hub  *Hub
	link *links.Link
	send chan []byte
}

// Hub tracks peers and drops them on request.
type Hub struct {
	peers      map[*Peer]bool
	register   chan *Peer
	unregister chan *Peer
}

func (h *Hub) run() {
	for {
		select {
		case p := <-h.register:
			h.peers[p] = true
		case p := <-h.unregister:
			delete(h.peers, p)
			close(p.send)
		}
	}
}

func (p *Peer) writeLoop() {
	for b := range p.send {
		p.link.SetWriteDeadline(len(b))
		p.link.Write(b)
	}
}

func (p *Peer) readLoop() {
	p.link.SetReadDeadline(0)
	p.hub.unregister <- p
}

// ServePeer registers a peer with the hub and starts its loops, which
// use its link, one reading and one writing: quiet, the link is shared
// (without the rule the object of Accept's results has no type, and both
// go statements are reported).
func (h *Hub) ServePeer() {
	link, err := links.Accept(64)
	if err != nil {
		return
	}
	p := &Peer{hub: h, link: link, send: make(chan []byte, 8)}
	p.hub.register <- p
	go p.writeLoop()
	go p.readLoop()
}

// NewHub starts a hub.
func NewHub() *Hub {
	h := &Hub{peers: make(map[*Peer]bool), register: make(chan *Peer), unregister: make(chan *Peer)}
	go h.run()
	return h
}

// Stream holds a buffer, which links.Open returns with its error.
type Stream struct {
	buf  *links.Buffer
	data chan []byte
}

// Mixer appends a marker to the buffer of every stream it registers.
type Mixer struct{ register chan *Stream }

func (m *Mixer) run() {
	for s := range m.register {
		s.buf.Append([]byte{0})
	}
}

func (s *Stream) fill() {
	for b := range s.data {
		s.buf.Append(b)
	}
}

// ServeStream registers a stream with the mixer and starts a goroutine
// that appends to its buffer, as the mixer does: reported.
func (m *Mixer) ServeStream() {
	buf, err := links.Open(64)
	if err != nil {
		return
	}
	s := &Stream{buf: buf, data: make(chan []byte, 8)}
	m.register <- s
	go s.fill() // want `s is handed to another goroutine after it was sent on m.register`
}

// NewMixer starts a mixer.
func NewMixer() *Mixer {
	m := &Mixer{register: make(chan *Stream)}
	go m.run()
	return m
}
