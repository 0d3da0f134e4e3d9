// Package publications pins the model's rows for atomic stores: what
// (*atomic.Value).Store or (*atomic.Pointer[T]).Store publishes, every
// reader that loads it shares, so writing it afterwards, directly or
// after a helper published it, races with them; building a new value and
// publishing it (copy-on-write), and keeping the published value in a
// field, do not.
package publications

import "sync/atomic"

type config struct {
	limits map[string]int
	name   string
}

var current atomic.Value

// Load reads the published map.
func Load(k string) int {
	m, _ := current.Load().(map[string]int)
	return m[k]
}

// Late writes the map it published.
func Late() {
	m := map[string]int{"a": 1}
	current.Store(m)
	m["b"] = 2 // want `m is written after it was published with \(\*atomic.Value\).Store \(line 27\); its readers may be loading it concurrently`
}

// CopyOnWrite copies, changes the copy, then publishes it: quiet.
func CopyOnWrite(k string, v int) {
	old, _ := current.Load().(map[string]int)
	m := make(map[string]int, len(old)+1)
	for key, val := range old {
		m[key] = val
	}
	m[k] = v
	current.Store(m)
}

// Holder keeps its current configuration beside the published pointer.
type Holder struct {
	cfg  atomic.Pointer[config]
	last *config
}

func (h *Holder) publish(c *config) { h.cfg.Store(c) }

// Set publishes a new configuration and keeps it: quiet.
func (h *Holder) Set(name string) {
	c := &config{limits: map[string]int{}, name: name}
	h.cfg.Store(c)
	h.last = c
}

// Rename publishes through a helper, then writes the configuration.
func (h *Holder) Rename(name string) {
	c := &config{limits: map[string]int{}}
	h.publish(c)
	c.name = name // want `c is written after it was given up by \(\*publications.Holder\).publish \(line 60\), which passes it to \(\*atomic.Pointer\).Store at publications.go:48; its readers may be loading it concurrently`
}

// Limit reads the published configuration.
func (h *Holder) Limit(k string) int { return h.cfg.Load().limits[k] }
