package handler

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

func run(h http.Handler, paths ...string) {
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Add(1)
		go func() { defer wg.Done(); h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil)) }()
	}
	wg.Wait()
}

func TestMetrics(t *testing.T) { m := NewMetrics(); run(m, "/a", "/a") }
func TestMux(t *testing.T)     { run(NewMux(), "/visit", "/visit") }
func TestApp(t *testing.T)     { run((&App{users: map[string]string{}}).Routes(), "/users/1", "/last") }
func TestLogin(t *testing.T)   { run(http.HandlerFunc(Login), "/login?user=a", "/login?user=b") }
