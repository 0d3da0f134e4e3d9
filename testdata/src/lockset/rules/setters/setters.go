package setters // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins the setter rule of the default reading: a method that
// takes no lock of its object, in itself or in what it calls, and writes
// an exported field of an exported type, which an importer could as well
// set with a plain assignment, configures the value before its owner
// shares it. Such writes are not paired with the other methods, even one
// that reads the field under a lock, unless some function writes that
// field under a lock, atomically or in once.Do.

type Config struct {
	mu    sync.RWMutex
	Names map[string]int
	List  []string
	Keys  []string
	Limit int
	Certs []string
	Peer  *Config

	rotated int
	hits    int64
	size    int
}

// BuildNames derives Names from List and locks nothing: a setter. Quiet.
func (c *Config) BuildNames() {
	m := make(map[string]int)
	for i, s := range c.List {
		m[s] = i
	}
	c.Names = m
}

// Clone copies every field under the read lock, which guards Keys.
func (c *Config) Clone() *Config {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return &Config{Names: c.Names, List: c.List, Keys: c.Keys, Limit: c.Limit, Certs: c.Certs, Peer: c.Peer, size: c.size}
}

// Pair sets Peer after cloning it: the lock Clone takes is the peer's,
// not c's, so Pair is still a setter. Quiet.
func (c *Config) Pair(p *Config) {
	c.Peer = p.Clone()
}

// SetKeys writes Keys, which Rotate writes under the lock: the field is
// shared after configuration, so the setter is paired. Reported.
func (c *Config) SetKeys(k []string) {
	c.Keys = k // want `c.Keys is written in \(\*Config\).SetKeys without a lock and read in \(\*Config\).Clone holding c.mu \(read\)`
}

func (c *Config) Rotate() {
	c.mu.Lock()
	c.Keys = nil
	c.rotated++
	c.mu.Unlock()
}

// SetLimit writes Limit and counts the call atomically: it synchronises
// something of c, so it expects to run beside the other methods.
// Reported.
func (c *Config) SetLimit(n int) {
	atomic.AddInt64(&c.hits, 1)
	c.Limit = n // want `c.Limit is written in \(\*Config\).SetLimit without a lock and read in \(\*Config\).Clone holding c.mu \(read\)`
}

// AddCert writes Certs after a helper that takes c's lock for another
// field: the setter locks, so it is paired. Reported.
func (c *Config) AddCert(s string) {
	c.bump()
	c.Certs = append(c.Certs, s) // want `c.Certs is written in \(\*Config\).AddCert without a lock and read in \(\*Config\).Clone holding c.mu \(read\)`
}

func (c *Config) bump() {
	c.mu.Lock()
	c.rotated++
	c.mu.Unlock()
}

// Resize writes an unexported field, which no importer can set: not
// configuration by this rule. Reported.
func (c *Config) Resize(n int) {
	c.size = n // want `c.size is written in \(\*Config\).Resize without a lock and read in \(\*Config\).Clone holding c.mu \(read\)`
}
