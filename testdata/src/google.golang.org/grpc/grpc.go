// Package grpc is a hand-written stub of google.golang.org/grpc with just
// the registration API the lockset tests use.
package grpc

// ServiceRegistrar registers service implementations.
type ServiceRegistrar interface {
	RegisterService(desc *ServiceDesc, impl any)
}

// ServiceDesc describes a service.
type ServiceDesc struct{ ServiceName string }

// Server is a gRPC server.
type Server struct{}

// NewServer returns a server.
func NewServer() *Server { return &Server{} }

// RegisterService registers impl.
func (s *Server) RegisterService(desc *ServiceDesc, impl any) {}
