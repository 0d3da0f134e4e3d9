package zeroguard

import (
	"errors"
	"io"
	"sync"
)

// This package pins the zero guard (zeroguard.go): an access made only
// where a test of a field found it zero (if c.proc != nil { return err })
// is ordered with the accesses of a goroutine started after its spawner
// set that field to something else, when nothing in the package sets
// the field back to zero. os/exec's Cmd: StdinPipe adds to the pipes only
// before Start, which sets c.Process and then starts watchCtx, which
// closes them. Either the pipe method ran before Start, in the owner's
// goroutine, or it found the process and did nothing; a call beside
// Start races on the field itself.

type process struct{ pid int }

func startProcess() (*process, error) { return &process{pid: 1}, nil }

type pipe struct{ closed bool }

func (p *pipe) Close() error { p.closed = true; return nil }

// Cmd is os/exec's: quiet.
type Cmd struct {
	proc  *process
	pipes []io.Closer
	done  chan error
}

// Pipe adds a pipe before Start.
func (c *Cmd) Pipe() (io.Closer, error) {
	if c.proc != nil {
		return nil, errors.New("Pipe after Start")
	}
	p := &pipe{}
	c.pipes = append(c.pipes, p)
	return p, nil
}

// Start sets the process, then starts the goroutine that closes the
// pipes.
func (c *Cmd) Start() error {
	var err error
	c.proc, err = startProcess()
	if err != nil {
		return err
	}
	c.done = make(chan error, 1)
	go c.watch()
	return nil
}

func (c *Cmd) watch() {
	for _, p := range c.pipes {
		p.Close()
	}
	c.done <- nil
}

// Wait waits for watch.
func (c *Cmd) Wait() error { return <-c.done }

// Job resets its process in Reset: after a Reset, AddPipe may run
// beside the goroutine of an earlier Start.
type Job struct {
	proc  *process
	pipes []io.Closer
}

// AddPipe adds a pipe before Start.
func (j *Job) AddPipe() {
	if j.proc != nil {
		return
	}
	j.pipes = append(j.pipes, &pipe{}) // want `j.pipes is written in \(\*Job\).AddPipe without a lock and read in the goroutine started in \(\*Job\).Start \(line \d+\) via \(\*Job\).watch without a lock`
}

// Start sets the process and starts watch.
func (j *Job) Start() {
	j.proc, _ = startProcess()
	go j.watch()
}

// Reset forgets the process.
func (j *Job) Reset() { j.proc = nil }

func (j *Job) watch() {
	for _, p := range j.pipes {
		p.Close()
	}
}

// Task starts its goroutine before it sets the process: a pipe added
// in between runs beside it.
type Task struct {
	proc  *process
	pipes []io.Closer
}

// AddPipe adds a pipe before Start.
func (t *Task) AddPipe() {
	if t.proc != nil {
		return
	}
	t.pipes = append(t.pipes, &pipe{}) // want `t.pipes is written in \(\*Task\).AddPipe without a lock and read in the goroutine started in \(\*Task\).Start \(line \d+\) via \(\*Task\).watch without a lock`
}

// Start starts watch, then sets the process.
func (t *Task) Start() {
	go t.watch()
	t.proc, _ = startProcess()
}

func (t *Task) watch() {
	for _, p := range t.pipes {
		p.Close()
	}
}

// Unchecked adds pipes without a test of the process: racy.
type Unchecked struct {
	proc  *process
	pipes []io.Closer
}

// AddPipe adds a pipe whenever it is called.
func (u *Unchecked) AddPipe() {
	u.pipes = append(u.pipes, &pipe{}) // want `u.pipes is written in \(\*Unchecked\).AddPipe without a lock and read in the goroutine started in \(\*Unchecked\).Start \(line \d+\) via \(\*Unchecked\).watch without a lock`
}

// Running reports whether Start ran.
func (u *Unchecked) Running() bool { return u.proc != nil }

// Start sets the process and starts watch.
func (u *Unchecked) Start() {
	u.proc, _ = startProcess()
	go u.watch()
}

func (u *Unchecked) watch() {
	for _, p := range u.pipes {
		p.Close()
	}
}

// Stream tests its closed flag under the lock, then appends to the
// buffer once it released the lock; Close sets the flag and drops the
// buffer under the lock. Nothing races on the flag, but a Write that
// passed its test before Close took the lock appends while Close drops:
// racy. A test made under a lock guards nothing.
type Stream struct {
	mu     sync.Mutex
	closed bool
	buf    []byte
}

// Write appends unless closed.
func (s *Stream) Write(p []byte) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("closed")
	}
	s.mu.Unlock()
	s.buf = append(s.buf, p...) // want `s.buf is written in \(\*Stream\).Write without a lock and written in \(\*Stream\).Close holding s.mu`
	return nil
}

// Close sets the flag and drops the buffer.
func (s *Stream) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	s.buf = nil
}
