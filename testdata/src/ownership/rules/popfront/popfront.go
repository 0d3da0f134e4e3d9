// Package popfront pins the rule that, by default, an element popped from
// the front of a queue held in a field (x := q[0]; q = q[1:], the store
// running before the transfer on every path) is no longer reachable
// through the queue: a slice's start never moves back. Sending an element
// the queue still holds, or popping only on some paths, is reported.
package popfront

type job struct{ n int }

type worker struct {
	queue [][]*job
	jobs  []*job
	out   chan *job
	busy  *job
}

type envelope struct{ j *job }

// Next pops the first job and sends it: quiet.
func (w *worker) Next() {
	if len(w.jobs) == 0 {
		return
	}
	next := w.jobs[0]
	w.jobs = w.jobs[1:]
	next.n++
	w.out <- next
}

// NextOf pops from one of several queues, and sends the job in an
// envelope: quiet.
func (w *worker) NextOf(i int, out chan *envelope) {
	if len(w.queue[i]) == 0 {
		return
	}
	j := w.queue[i][0]
	w.queue[i] = w.queue[i][1:]
	out <- &envelope{j: j}
}

// Peek sends the first job but leaves it in the queue: reported.
func (w *worker) Peek() {
	next := w.jobs[0]
	w.out <- next // want `next is sent on w.out but stays reachable from w.jobs\[…\]`
}

// PeekOther pops one queue but sends the head of another: reported.
func (w *worker) PeekOther(i int, out chan *envelope) {
	j := w.queue[i+1][0]
	w.queue[i] = w.queue[i][1:]
	out <- &envelope{j: j} // want `&envelope\{…\} is sent on out but stays reachable from w.queue\[…\]\[…\]`
}

// MaybePop pops only on some paths: reported.
func (w *worker) MaybePop(drop bool) {
	next := w.jobs[0]
	if drop {
		w.jobs = w.jobs[1:]
	}
	w.out <- next // want `next is sent on w.out but stays reachable from w.jobs\[…\]`
}

// handle sends a job, then goes on using its receiver.
func (w *worker) handle(j *job) {
	w.out <- j
	w.busy = nil
}

// HandleNext pops the first job and hands it to a method of the queue's
// owner (condition 2): quiet.
func (w *worker) HandleNext() {
	next := w.jobs[0]
	w.jobs = w.jobs[1:]
	w.handle(next)
}

// HandleHead hands the head of the queue over without popping it:
// reported (condition 1 first).
func (w *worker) HandleHead() {
	w.handle(w.jobs[0]) // want `w.jobs\[0\] is given up by \(\*popfront.worker\).handle .* but stays reachable from w.jobs\[…\]`
}
