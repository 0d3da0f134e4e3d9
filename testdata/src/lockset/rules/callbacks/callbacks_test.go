package callbacks

import "testing"

// TestEvict sets the eviction callback as a user does: no wiring of the
// package, so Delete's call stays reported.
func TestEvict(t *testing.T) {
	c := &Cache{items: map[string]int{"a": 1}}
	c.OnEvict(func(k string) { t.Log(k) })
	c.Delete("a")
}
