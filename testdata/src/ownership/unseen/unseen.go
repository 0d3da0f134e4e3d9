// Package unseen holds the default reading's rule for calls the analysis
// cannot see into: they are no evidence of a use. ownership/strict has
// the same code reported under -strict.
package unseen

import "unsafe"

type Config struct {
	Name string
	Next *Config
}

// An unknown callee (a function value) after the send: nothing shows it
// touches c. Quiet by default.
func passUnknown(ch chan *Config, c *Config, use func(*Config)) {
	ch <- c
	use(c)
}

type Sink interface{ Put(*Config) }

// An interface method others may implement: unseen, quiet by default.
func passInterface(ch chan *Config, c *Config, s Sink) {
	ch <- c
	s.Put(c)
}

func rename(c *Config) { c.Name = "y" }

// A callee the analysis sees writes c: reported in both readings.
func passKnown(ch chan *Config, c *Config) {
	ch <- c
	rename(c) // want `c is passed to unseen.rename after it was sent on ch`
}

// HandThenRead hands c to a goroutine that writes only through a pointer
// made from an integer, memory the analysis cannot name: no evidence that it writes c. Quiet by default.
func HandThenRead(c *Config, base uintptr) string {
	go func() {
		_ = c.Name
		*(*byte)(unsafe.Pointer(base + 8)) = 0
	}()
	return c.Name
}
