package once // want package:"lockset summaries"

import "sync"

// Config is initialised once and then only read: quiet.
type Config struct {
	mu   sync.Mutex
	once sync.Once
	vals map[string]string
	n    int
}

func (c *Config) init() {
	c.vals = map[string]string{"a": "b"}
}

func (c *Config) Get(k string) string {
	c.once.Do(c.init)
	return c.vals[k]
}

func (c *Config) Keys() int {
	c.once.Do(func() { c.vals = map[string]string{} })
	return len(c.vals)
}

// Count writes c.n inside once.Do and also outside it: the write outside
// races with the once-guarded write.
func (c *Config) Count() int {
	c.once.Do(func() { c.n = 1 })
	return c.n
}

func (c *Config) Bump() {
	c.n = 2 // want `c.n is written in \(\*Config\).Bump without a lock and written in \(\*Config\).Count inside c.once.Do`
}
