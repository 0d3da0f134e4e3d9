// Package readonlygoroutine pins the rule that a goroutine whose function,
// by its summary, writes none of what it is given only reads it: the
// spawner's reads are quiet, its writes (and calls that write) are not,
// and a goroutine that writes races with the spawner's reads.
package readonlygoroutine

type Config struct {
	Name    string
	Retries int
	Peers   []string
}

// logConfig only reads the configuration it is handed.
func logConfig(c *Config, done chan bool) {
	println(c.Name, c.Retries, len(c.Peers))
	done <- true
}

// retry writes the configuration it is handed.
func retry(c *Config, done chan bool) {
	c.Retries++
	done <- true
}

func setName(c *Config, name string) { c.Name = name }

func describe(c *Config) string { return c.Name }

// StartLogger lets a logging goroutine read the configuration while the
// spawner goes on reading it: quiet.
func StartLogger(c *Config) string {
	done := make(chan bool)
	go logConfig(c, done)
	return describe(c) + c.Peers[0]
}

// WatchPeers starts a literal that reads a captured configuration while the
// spawner reads it too: quiet.
func WatchPeers(c *Config, out chan int) int {
	go func() {
		out <- len(c.Peers)
	}()
	return len(c.Peers)
}

// RenameWhileLogging writes what the reading goroutine reads: reported.
func RenameWhileLogging(c *Config) {
	done := make(chan bool)
	go logConfig(c, done)
	c.Name = "renamed" // want `c is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

// RenameByCall writes through a callee: reported.
func RenameByCall(c *Config) {
	done := make(chan bool)
	go logConfig(c, done)
	setName(c, "renamed") // want `c is passed to readonlygoroutine.setName after it was handed to the goroutine started at line \d+`
}

// ReadWhileRetrying reads what the goroutine writes: reported.
func ReadWhileRetrying(c *Config) int {
	done := make(chan bool)
	go retry(c, done)
	return c.Retries // want `c is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}
