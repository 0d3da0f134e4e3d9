package handler

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

func TestHandler(t *testing.T) {
	m := NewMetrics()
	mux := NewMux()
	app := (&App{}).Routes()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/a", nil))
			m.Report(httptest.NewRecorder(), httptest.NewRequest("GET", "/r", nil))
			mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/visit?name=x", nil))
			mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/count", nil))
			app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("PUT", "/users/1?name=x", nil))
			app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/users/1", nil))
		}()
	}
	wg.Wait()
	_ = http.StatusOK
}
