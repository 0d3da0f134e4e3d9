// Package getters keeps a registry of peers behind a mutex.
package getters

import "sync"

// Registry maps peer names to their weights.
type Registry struct {
	mu    sync.Mutex
	peers map[string]int
}

// New makes an empty registry.
func New() *Registry { return &Registry{peers: map[string]int{}} }

// Add sets a peer's weight.
func (r *Registry) Add(name string, w int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.peers[name] = w
}

// Peers returns a copy of the registry's map.
func (r *Registry) Peers() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int, len(r.peers))
	for k, v := range r.peers {
		out[k] = v
	}
	return out
}

// Total sums the weights of the copy.
func (r *Registry) Total() int {
	t := 0
	for _, w := range r.Peers() {
		t += w
	}
	return t
}
