package strict

import "net/http"

func handle(r *http.Request) error { return nil }

// Wrap's literal captures the err of one call of the function around
// it; the default reading is quiet (handlers' percall.go), the strict
// reading takes a middleware that serves one instance twice at once.
func Wrap(m func(http.Handler) http.Handler) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) (err error) {
		m(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			err = handle(r) // want `err is written in the func literal in the func literal in Wrap without a lock and written in another call of the func literal in the func literal in Wrap without a lock`
		})).ServeHTTP(w, r)
		return
	}
}
