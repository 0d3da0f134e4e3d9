package exempt

import (
	"log/slog"
	"sync"
)

// A remote is what a connection reader reaches: a registry of connections
// (a sync.Map) and a logger, both safe for concurrent use.
type remote struct {
	endpoints *endpoints
	logger    *slog.Logger
}

type endpoints struct {
	conns *sync.Map
}

type connReader struct {
	remote    *remote
	suspended bool
}

// What a method of a sync type or a logger does to its receiver is
// synchronised: the goroutine writes nothing the loop reads.
func (s *connReader) Serve(disconnect chan bool, stream int) {
	go func() {
		if <-disconnect {
			s.remote.logger.Debug("telling the remote we leave")
		} else {
			s.remote.endpoints.conns.Delete(stream)
			s.remote.logger.Debug("removed the endpoint")
		}
	}()
	for i := 0; i < 3; i++ {
		if s.suspended {
			continue
		}
		s.remote.logger.Info("message")
	}
	disconnect <- false
}

// The same goroutine also clears a plain field: that write races with the
// loop's read.
func (s *connReader) ServeRacy(disconnect chan bool, stream int) {
	go func() {
		if !<-disconnect {
			s.remote.endpoints.conns.Delete(stream)
			s.suspended = true
		}
	}()
	for i := 0; i < 3; i++ {
		if s.suspended { // want `s is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
			continue
		}
	}
	disconnect <- false
}
