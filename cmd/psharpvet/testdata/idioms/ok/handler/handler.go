package handler

import (
	"encoding/json"
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

func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	m.hits[r.URL.Path]++
	m.total++
	n := m.total
	m.mu.Unlock()
	fmt.Fprintf(w, "%d\n", n)
}

func (m *Metrics) Report(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	snap := make(map[string]int, len(m.hits))
	for k, v := range m.hits {
		snap[k] = v
	}
	m.mu.Unlock()
	json.NewEncoder(w).Encode(snap)
}

// Closure-based handler with captured mutex and map.
func NewMux() *http.ServeMux {
	var mu sync.Mutex
	visits := map[string]int{}
	mux := http.NewServeMux()
	mux.HandleFunc("/visit", func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("name")
		mu.Lock()
		visits[name]++
		n := visits[name]
		mu.Unlock()
		fmt.Fprintln(w, n)
	})
	mux.HandleFunc("/count", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n := len(visits)
		mu.Unlock()
		fmt.Fprintln(w, n)
	})
	return mux
}

// App with handler methods registered with HandleFunc.
type App struct {
	mu    sync.RWMutex
	users map[string]string
}

func (a *App) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", a.getUser)
	mux.HandleFunc("PUT /users/{id}", a.putUser)
	return mux
}

func (a *App) getUser(w http.ResponseWriter, r *http.Request) {
	a.mu.RLock()
	u, ok := a.users[r.PathValue("id")]
	a.mu.RUnlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	fmt.Fprintln(w, u)
}

func (a *App) putUser(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.users == nil {
		a.users = map[string]string{}
	}
	a.users[r.PathValue("id")] = r.URL.Query().Get("name")
}
