package handlers

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// A handler a test declares serves the test's requests, one after
// another: its unsynchronised writes are quiet by default (they race only
// under -strict). An access that skips the lock the handler takes
// elsewhere still races.
func TestServe(t *testing.T) {
	var lastPath string
	var mu sync.Mutex
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lastPath = r.URL.Path
		mu.Lock()
		hits++
		mu.Unlock()
		if hits > 10 { // want `hits is read in the func literal in TestServe without a lock and written in another call of the func literal in TestServe holding mu`
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}))
	defer srv.Close()
	if _, err := http.Get(srv.URL); err != nil {
		t.Fatal(err)
	}
	_ = lastPath
}
