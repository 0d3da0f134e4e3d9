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

// Peers returns the registry's map: the lock covers only the return.
func (r *Registry) Peers() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.peers
}

// Total sums the weights of the map Peers handed out, without the lock.
func (r *Registry) Total() int {
	t := 0
	for _, w := range r.Peers() { // race:
		t += w
	}
	return t
}
