package grpcsvc // want package:"lockset summaries"

import (
	"sync"

	"google.golang.org/grpc"
)

// Generated-style service registration.
type GreeterServer interface {
	SayHello(name string) string
}

func RegisterGreeterServer(s grpc.ServiceRegistrar, srv GreeterServer) {
	s.RegisterService(&grpc.ServiceDesc{ServiceName: "Greeter"}, srv)
}

// greeter is registered with gRPC: its service methods run concurrently.
// Its other methods are its owner's, concurrent with them only on
// evidence (a synchronised access).
type greeter struct {
	mu     sync.Mutex
	last   string
	calls  int
	prefix string
}

func (g *greeter) SayHello(name string) string {
	g.last = name // want `g.last is written in \(\*greeter\).SayHello without a lock and written in another call of \(\*greeter\).SayHello without a lock`
	g.mu.Lock()
	g.calls++
	g.mu.Unlock()
	return g.prefix + name
}

// Configure sets the prefix before serving, without the lock: quiet.
func (g *greeter) Configure(prefix string) { g.prefix = prefix }

// Calls reads what SayHello writes under the lock, without it: reported.
func (g *greeter) Calls() int {
	return g.calls // want `g.calls is read in \(\*greeter\).Calls without a lock and written in \(\*greeter\).SayHello holding g.mu`
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
