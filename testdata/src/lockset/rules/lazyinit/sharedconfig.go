package lazyinit

import (
	"errors"
	"sync"
)

// Config is given its defaults by a helper that its callers run holding
// their own lock, which the helper cannot name (nats-server's
// setConsumerConfigDefaults under js.mu): the tests in the helper are
// read under the caller's lock.
type Config struct {
	MaxDeliver int
	Retries    int
	Limit      int
}

// setDefaults gives MaxDeliver its default once: the condition, two
// tests of the field, is false after the write. Retries counts up on
// every pass until ten: not an initialisation.
func setDefaults(c *Config) {
	if c.MaxDeliver == 0 || c.MaxDeliver < -1 {
		c.MaxDeliver = -1
	}
	if c.Retries < 10 {
		c.Retries++
	}
}

// Registry shares one Config between the calls of Add.
type Registry struct {
	mu  sync.Mutex
	cfg *Config
}

// Add reads MaxDeliver after its own pass through setDefaults under
// r.mu: quiet. Retries may be incremented by another Add meanwhile:
// reported.
func (r *Registry) Add() int {
	r.mu.Lock()
	setDefaults(r.cfg)
	r.mu.Unlock()
	if r.cfg.MaxDeliver > 0 {
		return 0
	}
	return r.cfg.Retries // want `r.cfg.Retries is read in \(\*Registry\).Add without a lock and written in another call of \(\*Registry\).Add via setDefaults holding r.mu`
}

// checkDefaults gives MaxDeliver and Limit their defaults, or fails
// before looking at Limit: only a nil error says it tested both.
func checkDefaults(c *Config, pedantic bool) error {
	if c.MaxDeliver == 0 {
		if pedantic {
			return errors.New("max deliver unset")
		}
		c.MaxDeliver = -1
	}
	if c.Limit == 0 {
		c.Limit = 100
	}
	return nil
}

// Checked shares one Config between the calls of Create.
type Checked struct {
	mu  sync.Mutex
	cfg *Config
}

// Create reads Limit after checkDefaults returned nil under c.mu: quiet.
// On the error path checkDefaults did not test Limit, which another
// Create may be writing: reported.
func (c *Checked) Create(pedantic bool) int {
	c.mu.Lock()
	err := checkDefaults(c.cfg, pedantic)
	c.mu.Unlock()
	if err != nil {
		return c.cfg.Limit // want `c.cfg.Limit is read in \(\*Checked\).Create without a lock and written in another call of \(\*Checked\).Create via checkDefaults holding c.mu`
	}
	return c.cfg.Limit + c.cfg.MaxDeliver
}

// limit gives Limit its default.
func limit(c *Config) {
	if c.Limit == 0 {
		c.Limit = 100 // want `p.cfg.Limit is written in \(\*Partial\).Unlocked via limit without a lock and read in \(\*Partial\).Locked via limit holding p.mu`
	}
}

// Partial gives Limit its default under mu in Locked, but without it in
// Unlocked, whose write is not ordered by any lock: reported.
type Partial struct {
	mu  sync.Mutex
	cfg *Config
}

// Locked reads Limit after its own pass under p.mu.
func (p *Partial) Locked() int {
	p.mu.Lock()
	limit(p.cfg)
	p.mu.Unlock()
	return p.cfg.Limit
}

// Unlocked gives the default without the lock.
func (p *Partial) Unlocked() {
	limit(p.cfg)
}

// Peak keeps the largest value any call of Record has seen.
type Peak struct {
	mu  sync.Mutex
	max int
}

// raise writes max whenever v is larger: the test compares two variables
// and holds again for a larger v, so it guards nothing.
func raise(p *Peak, v int) {
	if p.max < v {
		p.max = v
	}
}

// Record reads max after its own raise under p.mu, but another Record
// may raise it meanwhile: reported.
func (p *Peak) Record(v int) int {
	p.mu.Lock()
	raise(p, v)
	p.mu.Unlock()
	return p.max // want `p.max is read in \(\*Peak\).Record without a lock and written in another call of \(\*Peak\).Record via raise holding p.mu`
}
