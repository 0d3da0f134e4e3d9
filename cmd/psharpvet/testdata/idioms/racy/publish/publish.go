// Package publish serves a routing table that readers load atomically.
package publish

import "sync/atomic"

// Table routes names to backends.
type Table struct {
	routes atomic.Value // map[string]string
}

// New makes a table with no routes.
func New() *Table {
	t := &Table{}
	t.routes.Store(map[string]string{})
	return t
}

// Lookup reads the current routes.
func (t *Table) Lookup(name string) string {
	m, _ := t.routes.Load().(map[string]string)
	return m[name]
}

// Load publishes a fresh map, then adds the default route to it while
// readers may already be looking it up.
func (t *Table) Load(routes map[string]string) {
	m := make(map[string]string, len(routes)+1)
	for k, v := range routes {
		m[k] = v
	}
	t.routes.Store(m)
	m["*"] = "default" // race:
}
