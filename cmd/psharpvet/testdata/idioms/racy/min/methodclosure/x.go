package methodclosure

import "sync"

// Type without a mutex: a method starts a closure goroutine that writes a field.
type Job struct {
	status string
}

func (j *Job) Start() {
	go func() {
		j.status = "done" // race:
	}()
}

func (j *Job) Status() string { return j.status }

// Type with a mutex for another field.
type Task struct {
	mu     sync.Mutex
	logs   []string
	status string
}

func (t *Task) Start() {
	go func() {
		t.status = "done" // race:
	}()
}

func (t *Task) Status() string { return t.status }

func (t *Task) Log(s string) {
	t.mu.Lock()
	t.logs = append(t.logs, s)
	t.mu.Unlock()
}
