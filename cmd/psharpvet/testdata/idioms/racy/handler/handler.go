package handler

import (
	"fmt"
	"net/http"
	"sync"
)

type Metrics struct {
	mu    sync.Mutex
	hits  map[string]int
	total int
}

func NewMetrics() *Metrics { return &Metrics{hits: map[string]int{}} }

// The map is updated outside the lock.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.hits[r.URL.Path]++ // race:
	m.mu.Lock()
	m.total++
	n := m.total
	m.mu.Unlock()
	fmt.Fprintf(w, "%d\n", n)
}

func (m *Metrics) Report(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, v := range m.hits {
		fmt.Fprintln(w, k, v)
	}
}

// Closure-based handler with a captured counter and no lock.
func NewMux() *http.ServeMux {
	visits := 0
	mux := http.NewServeMux()
	mux.HandleFunc("/visit", func(w http.ResponseWriter, r *http.Request) {
		visits++ // race:
		fmt.Fprintln(w, visits)
	})
	return mux
}

// Server struct with a plain field written per request.
type App struct {
	mu       sync.RWMutex
	users    map[string]string
	lastUser string
}

func (a *App) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", a.getUser)
	mux.HandleFunc("GET /last", a.last)
	return mux
}

func (a *App) getUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	a.mu.RLock()
	u := a.users[id]
	a.mu.RUnlock()
	a.lastUser = u // race:
	fmt.Fprintln(w, u)
}

func (a *App) last(w http.ResponseWriter, r *http.Request) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	fmt.Fprintln(w, a.lastUser)
}

// Plain http.HandlerFunc on a package-level map.
var sessions = map[string]string{}

func Login(w http.ResponseWriter, r *http.Request) {
	sessions[r.FormValue("user")] = r.RemoteAddr // race:
	w.WriteHeader(http.StatusNoContent)
}

func Register() { http.HandleFunc("/login", Login) }
