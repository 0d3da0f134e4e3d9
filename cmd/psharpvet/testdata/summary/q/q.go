// Package q has the README example's two reports in a file that is in two
// packages, q and q [q.test]: the checker prints each once.
package q

// Job is a unit of work handed to a worker.
type Job struct {
	ID int
}

// Dispatcher hands jobs to workers and remembers the last one.
type Dispatcher struct {
	jobs chan *Job
	last *Job
}

// Submit keeps a reference to the job it sends and writes to it
// afterwards.
func (d *Dispatcher) Submit(id int) {
	j := &Job{ID: id}
	d.last = j
	d.jobs <- j
	j.ID++
}

// Last returns the ID of the last job submitted.
func (d *Dispatcher) Last() int {
	return d.last.ID
}
