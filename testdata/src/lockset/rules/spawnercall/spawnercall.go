package spawnercall // want package:"lockset summaries"

// This package pins a method of a type shared only with its goroutines
// that starts the goroutine through a call of the spawner (os/exec's Run,
// which calls Start): what the spawner does before its go statement is
// ordered with that goroutine, as it is for the spawner itself.

type Cmd struct {
	proc   *int
	status int
	result chan int
}

// Start sets c.proc before it starts the watcher.
func (c *Cmd) Start() {
	c.proc = new(int)
	c.result = make(chan int, 1)
	go c.watch()
}

func (c *Cmd) watch() {
	c.status = *c.proc // want `c.status is written in the goroutine started in \(\*Cmd\).Start \(line 18\) via \(\*Cmd\).watch without a lock and read in \(\*Cmd\).Run without a lock`
	c.result <- c.status
}

// Run starts the command and reads its status without waiting for the
// watcher: the write of c.proc, before the go statement, is quiet; the
// read of c.status after Start returned is reported.
func (c *Cmd) Run() int {
	c.Start()
	return c.status
}
