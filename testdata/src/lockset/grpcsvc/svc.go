package grpcsvc // want package:"lockset summaries"

import "google.golang.org/grpc"

// Generated-style service registration.
type GreeterServer interface {
	SayHello(name string) string
}

func RegisterGreeterServer(s grpc.ServiceRegistrar, srv GreeterServer) {
	s.RegisterService(&grpc.ServiceDesc{ServiceName: "Greeter"}, srv)
}

// greeter is registered with gRPC: its methods run concurrently.
type greeter struct {
	last  string
	calls int
}

func (g *greeter) SayHello(name string) string {
	g.last = name // want `g.last is written in \(\*greeter\).SayHello without a lock and written in another call of \(\*greeter\).SayHello without a lock`
	return "hello " + name
}

// unregistered has the same shape but is never registered: quiet.
type unregistered struct{ last string }

func (u *unregistered) SayHello(name string) string {
	u.last = name
	return name
}

func Main() {
	s := grpc.NewServer()
	RegisterGreeterServer(s, &greeter{})
}
