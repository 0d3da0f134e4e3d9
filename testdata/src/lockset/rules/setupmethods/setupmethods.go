package setupmethods // want package:"lockset summaries"

// This package pins the setup convention (initmethods.go): a method whose
// doc comment says it may only be called before its value is started,
// used or shared is the owner's setup, like Init: by default it is no
// entry point of a type whose concurrency is only inferred. A method
// documented otherwise stays one.

import "sync"

// Server serves connections; its protocols are configured before it
// starts.
type Server struct {
	mu     sync.Mutex
	protos map[string]func()
	config *Config
	conns  int
}

// Config is the server's TLS-like configuration.
type Config struct{ Protos []string }

func (s *Server) configure() {
	if s.config == nil {
		s.config = &Config{}
	}
}

// NextProto registers a protocol handler. This function can only be
// called before the server is started: quiet.
func (s *Server) NextProto(key string, h func()) {
	if s.protos == nil {
		s.protos = make(map[string]func())
	}
	s.configure()
	s.config.Protos = append(s.config.Protos, key)
	s.protos[key] = h
}

// Serve configures the server under its lock and counts its connections.
func (s *Server) Serve() {
	s.mu.Lock()
	s.configure()
	s.conns++
	s.mu.Unlock()
}

// Handle looks a protocol up.
func (s *Server) Handle(key string) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.protos[key]
}

// Rename renames a protocol. It must be called before returning from
// the handler: no setup, racy.
func (s *Server) Rename(from, to string) {
	s.protos[to] = s.protos[from] // want `s.protos\[\*\] is written in \(\*Server\).Rename without a lock and read in \(\*Server\).Handle holding s.mu`
}

// Node runs handlers that its owner sets before it runs.
type Node struct {
	mu       sync.Mutex
	onSurvey func()
	onLeave  func()
}

// OnSurvey sets the survey handler. This should be done before Node.Run
// called: quiet.
func (n *Node) OnSurvey(h func()) { n.onSurvey = h }

// OnLeave sets the leave handler. It may be called before Run returns:
// no setup, racy.
func (n *Node) OnLeave(h func()) {
	n.onLeave = h // want `n.onLeave is written in \(\*Node\).OnLeave without a lock and read in \(\*Node\).Run holding n.mu`
}

// Run calls the handlers under the node's lock.
func (n *Node) Run() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.onSurvey != nil {
		n.onSurvey()
	}
	if n.onLeave != nil {
		n.onLeave()
	}
}
