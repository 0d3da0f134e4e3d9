// Package receiverwrites pins the evidence rule of the default reading: a
// value read, passed on or kept after it was sent races only with a
// receiving side the analysis sees writing it. The receivers are found by
// where the channel is kept (a field, a variable, the make handed to both
// sides) or, failing that, by the channel's element type.
package receiverwrites

// Job goes to workers that write it.
type Job struct {
	ID     int
	Result int
}

// Pool hands jobs to its workers on jobs.
type Pool struct {
	jobs chan *Job
	seen []*Job
}

func (p *Pool) work() {
	for j := range p.jobs {
		j.Result = j.ID * 2
	}
}

// SubmitThenRead reads a job the worker writes: reported.
func (p *Pool) SubmitThenRead(j *Job) int {
	p.jobs <- j
	return j.Result // want `j is read after it was sent on p.jobs`
}

// SubmitThenKeep keeps a job the worker writes: reported.
func (p *Pool) SubmitThenKeep(j *Job) {
	p.jobs <- j
	p.seen = append(p.seen, j) // want `j is stored`
}

// Note only goes to readers.
type Note struct{ Text string }

// Log hands notes to a printer that only reads them.
type Log struct{ notes chan *Note }

func (l *Log) print() {
	for n := range l.notes {
		println(n.Text)
	}
}

// PostThenRead reads a note its receiver only reads: quiet.
func (l *Log) PostThenRead(n *Note) string {
	l.notes <- n
	return n.Text
}

// PostThenWrite writes what it sent: a write is evidence enough.
func (l *Log) PostThenWrite(n *Note) {
	l.notes <- n
	n.Text = "" // want `n is written after it was sent on l.notes`
}

// Event goes to receivers this package does not have.
type Event struct{ Kind int }

// EmitThenRead reads an event whose receiver is not seen: quiet by
// default (reported under -strict, see ../../strict).
func EmitThenRead(out chan<- *Event, e *Event) int {
	out <- e
	return e.Kind
}

// Pipe starts a stage on a channel it makes: the stage writes what it
// receives, and the make is how both sides are found.
func Pipe() int {
	in := make(chan *Job)
	go func() {
		for j := range in {
			j.Result++
		}
	}()
	j := &Job{}
	in <- j
	return j.Result // want `j is read after it was sent on in`
}

// A Loop serves jobs and notes in one select: the jobs case writes what
// it receives, the notes case only reads it.
type Loop struct {
	jobs  chan *Job
	notes chan *Note
}

func (l *Loop) serve() {
	for {
		select {
		case j := <-l.jobs:
			j.Result = j.ID + 1
		case n := <-l.notes:
			println(n.Text)
		}
	}
}

// NoteThenRead reads a note after the loop's read-only case got it: quiet.
func (l *Loop) NoteThenRead(n *Note) string {
	l.notes <- n
	return n.Text
}

// JobThenRead reads a job after the loop's writing case got it: reported.
func (l *Loop) JobThenRead(j *Job) int {
	l.jobs <- j
	return j.Result // want `j is read after it was sent on l.jobs`
}
