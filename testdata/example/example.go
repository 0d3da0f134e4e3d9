// Package example is a small message-passing program with two ownership
// bugs, for the README's first command.
package example

import "sync"

// Job is a unit of work handed to a worker.
type Job struct {
	ID     int
	Input  []byte
	Result []byte
}

// Dispatcher hands jobs to workers and remembers the last one.
type Dispatcher struct {
	jobs chan *Job
	last *Job
}

// Submit sends a job to the workers, but keeps a reference to it in d.last
// and writes to it afterwards: both race with the worker that received it.
func (d *Dispatcher) Submit(id int, input []byte) {
	j := &Job{ID: id, Input: input}
	d.last = j
	d.jobs <- j
	j.ID++
}

// Last returns the ID of the last job submitted.
func (d *Dispatcher) Last() int {
	return d.last.ID
}

// Fresh sends a new job each time and never touches it again: no report.
func (d *Dispatcher) Fresh(id int) {
	d.jobs <- &Job{ID: id}
}

// Fan starts one goroutine per input and reads the results only after
// joining them all: no report.
func Fan(inputs [][]byte) [][]byte {
	results := make([][]byte, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = append([]byte(nil), in...)
		}()
	}
	wg.Wait()
	return results
}
