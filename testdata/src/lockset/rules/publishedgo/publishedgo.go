package publishedgo // want package:"lockset summaries: 5"

import "sync"

// An object stored in a long-lived structure and also started as the
// receiver of a goroutine: what the goroutine touches is what other code
// reaches through the structure (publishedArgs).

type job struct {
	mu    sync.Mutex
	state string
	total int
}

// run writes state without a lock, and total under the job's own lock.
func (j *job) run() {
	j.state = "running" // want `c.j.state is written in the goroutine started in \(\*Coordinator\).Start \(line \d+\) via \(\*job\).run without a lock and read in \(\*Coordinator\).State holding c.mu`
	j.mu.Lock()
	j.total++
	j.mu.Unlock()
}

type Coordinator struct {
	mu sync.Mutex
	j  *job
}

// Start publishes the job and starts it.
func (c *Coordinator) Start() {
	j := &job{}
	c.mu.Lock()
	c.j = j
	c.mu.Unlock()
	go j.run()
}

// State reads the job's state under the coordinator's lock, which the
// job's goroutine never takes. A race.
func (c *Coordinator) State() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.j.state
}

// Total reads under the job's own lock, as run writes it. Quiet.
func (c *Coordinator) Total() int {
	c.mu.Lock()
	j := c.j
	c.mu.Unlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.total
}

type Local struct {
	mu   sync.Mutex
	last string
}

// Spawn starts a job it keeps to itself: no other entry point reaches it.
// Quiet.
func (l *Local) Spawn() {
	j := &job{}
	go j.run()
	l.mu.Lock()
	l.last = "spawned"
	l.mu.Unlock()
}
