// Package readonly checks the read-only refinement: a goroutine whose
// function only reads what it is given shares it with a parent that only
// reads it too.
package readonly

type Config struct {
	Name    string
	Retries int
	Tags    []string
}

func logName(c *Config, done chan bool) {
	println(c.Name, len(c.Tags))
	done <- true
}

func bump(c *Config) { c.Retries++ }

// Both sides read: quiet.
func readers() {
	c := &Config{Name: "x"}
	done := make(chan bool)
	go logName(c, nil)
	println(c.Name)
	<-done
}

// The parent writes what the reading goroutine reads: reported.
func parentWrites() {
	c := &Config{Name: "x"}
	go logName(c, nil)
	c.Name = "y" // want `c is written after it was handed to the goroutine started at line 31`
}

// The goroutine writes, the parent reads: reported.
func childWrites() {
	c := &Config{}
	go bump(c)
	println(c.Retries) // want `c is read after it was handed to the goroutine started at line 38`
}

// A literal that only reads its captured configuration, while the parent
// passes it to a function that only reads: quiet.
func literalReads() {
	c := &Config{Name: "x"}
	go func() {
		println(c.Name)
	}()
	show(c)
}

func show(c *Config) { println(c.Name) }

// The parent passes it to a function that writes what the literal reads:
// reported. (A writer of fields the literal never reads is quiet: see
// ownership/rules/calltouches.)
func literalReadsParentCallsWriter() {
	c := &Config{Name: "x"}
	go func() {
		println(c.Name, c.Retries)
	}()
	bump(c) // want `c is passed to readonly.bump after it was handed to the goroutine started at line \d+`
}
