package testfuncs // want package:"lockset summaries"

// This package pins that go test runs the Test functions of a package
// one after another (see testfuncs_test.go).

// Server is shared by the tests.
type Server struct {
	state int
}

var shared = &Server{}

// Set writes the state.
func (s *Server) Set(v int) { s.state = v }
