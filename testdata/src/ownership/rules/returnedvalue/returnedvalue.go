// Package returnedvalue pins the rule that returning a given-up value is
// not a use: constructors start a goroutine and return the object.
package returnedvalue

type Worker struct {
	jobs  chan int
	done  chan bool
	count int
}

func (w *Worker) run() {
	for j := range w.jobs {
		w.count += j
	}
	w.done <- true
}

// NewWorker starts the worker's goroutine and returns the worker: quiet.
func NewWorker() *Worker {
	w := &Worker{jobs: make(chan int), done: make(chan bool)}
	go w.run()
	return w
}

// NewWorkerLiteral starts a literal that captures the worker: quiet.
func NewWorkerLiteral() (*Worker, error) {
	w := &Worker{jobs: make(chan int), done: make(chan bool)}
	go func() {
		w.run()
	}()
	return w, nil
}

// NewWorkerCounted writes the worker after starting it, before returning
// it: the write is reported, the return is not.
func NewWorkerCounted(start int) *Worker {
	w := &Worker{jobs: make(chan int), done: make(chan bool)}
	go w.run()
	w.count = start // want `w is written after it was handed to the goroutine started at line \d+`
	return w
}
