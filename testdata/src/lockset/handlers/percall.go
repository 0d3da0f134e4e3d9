package handlers

import "net/http"

// Handler literals made anew on each call (percall.go): a literal only
// handed to code the analysis does not see serves that call alone, and
// two calls share no variable it captures. Registered, returned, stored,
// or handed to a function of the build, one instance may serve many
// requests at once.

func handle(r *http.Request) error { return nil }

// Wrap adapts a net/http middleware, which gets a new handler for each
// request, whose err is the request's own: quiet.
func Wrap(m func(http.Handler) http.Handler) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) (err error) {
		m(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			err = handle(r)
		})).ServeHTTP(w, r)
		return
	}
}

// Stats counts requests.
type Stats struct{ hits int }

// WrapCounted also counts in a Stats every instance reaches: the
// counter is shared between requests, whatever the instance.
func WrapCounted(m func(http.Handler) http.Handler, s *Stats) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		m(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.hits++ // want `s.hits is read in the func literal in the func literal in WrapCounted without a lock and written in another call of the func literal in the func literal in WrapCounted without a lock`
		})).ServeHTTP(w, r)
	}
}

// Count registers its literal with a mux, which serves every request
// with it: racy.
func Count(mux *http.ServeMux) {
	n := 0
	mux.Handle("/count", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++ // want `n is read in the func literal in Count without a lock and written in another call of the func literal in Count without a lock`
	}))
}

// Counter returns its literal to whoever registers it: racy.
func Counter() http.Handler {
	n := 0
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++ // want `n is read in the func literal in Counter without a lock and written in another call of the func literal in Counter without a lock`
	})
}

// Server keeps a handler.
type Server struct{ h http.Handler }

// Install stores its literal in the server: racy.
func (s *Server) Install() {
	n := 0
	s.h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++ // want `n is read in the func literal in \(\*Server\).Install without a lock and written in another call of the func literal in \(\*Server\).Install without a lock`
	})
}

func register(h http.Handler) { http.Handle("/r", h) }

// Register hands its literal to a function of the package, which
// registers it: racy.
func Register() {
	n := 0
	register(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++ // want `n is read in the func literal in Register without a lock and written in another call of the func literal in Register without a lock`
	}))
}
