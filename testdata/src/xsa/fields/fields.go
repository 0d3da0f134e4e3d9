// Package fields checks that xsa judges what a machine reads of the
// memory it kept after sending it field by field: reading only fields no
// one writes after construction races with no one (xsa/fields.go).
package fields

// Job is a range of work. The master fills in the range; the worker
// that computes it fills in Sum and its note's Seen.
type Job struct {
	ID    int
	First int
	Last  int
	Sum   int
	Note  *Note
	Tags  []string
}

// Note travels with a job.
type Note struct {
	Text string
	Seen int
}

type worker struct {
	in  chan *Job
	out chan *Job
}

func (w *worker) run() {
	for j := range w.in {
		j.Sum = j.Last - j.First + len(j.Tags)
		j.Note.Seen++
		w.out <- j
	}
}

func start(work, done chan *Job) {
	w := &worker{in: work, out: done}
	go w.run()
}

// Pool keeps each job it hands out until its result comes back, and
// reads only the range of the jobs it keeps: quiet.
type Pool struct {
	queue    []*Job
	inFlight map[int]*Job
	work     chan *Job
	done     chan *Job
}

// NewPool starts a pool with one worker.
func NewPool() *Pool {
	p := &Pool{inFlight: make(map[int]*Job), work: make(chan *Job), done: make(chan *Job)}
	start(p.work, p.done)
	return p
}

// Dispatch hands the next job out and keeps it.
func (p *Pool) Dispatch() {
	j := p.queue[0]
	p.queue = p.queue[1:]
	p.inFlight[j.ID] = j
	p.work <- j
}

// Pending adds up the ranges of the jobs in flight.
func (p *Pool) Pending() int {
	n := len(p.inFlight)
	for id, j := range p.inFlight {
		n += id + j.Last - j.First
	}
	return n
}

// Backup copies the range of one job in flight.
func (p *Pool) Backup(id int) *Job {
	j, ok := p.inFlight[id]
	if !ok {
		return nil
	}
	return &Job{ID: j.ID, First: j.First, Last: j.Last}
}

// Finish forgets a job whose result came back.
func (p *Pool) Finish() {
	j := <-p.done
	delete(p.inFlight, j.ID)
}

// Single keeps the one job it hands out and reads its id: quiet.
type Single struct {
	cur  *Job
	work chan *Job
}

// Dispatch hands j out and keeps it.
func (s *Single) Dispatch(j *Job) {
	s.cur = j
	s.work <- j
}

// Current says which job is out.
func (s *Single) Current() int { return s.cur.ID }

// Peeker reads the sums of the jobs it keeps, which the worker writes.
type Peeker struct {
	queue    []*Job
	inFlight map[int]*Job
	work     chan *Job
}

// Dispatch hands the next job out and keeps it.
func (p *Peeker) Dispatch() {
	j := p.queue[0]
	p.queue = p.queue[1:]
	p.inFlight[j.ID] = j
	p.work <- j // want `j is sent on p.work but stays reachable from p.inFlight`
}

// Progress adds up the sums computed so far.
func (p *Peeker) Progress() int {
	n := 0
	for _, j := range p.inFlight {
		n += j.Sum
	}
	return n
}

// Watcher reads a field of what its kept jobs point to, which the worker
// writes.
type Watcher struct {
	queue    []*Job
	inFlight map[int]*Job
	work     chan *Job
}

// Dispatch hands the next job out and keeps it.
func (w *Watcher) Dispatch() {
	j := w.queue[0]
	w.queue = w.queue[1:]
	w.inFlight[j.ID] = j
	w.work <- j // want `j is sent on w.work but stays reachable from w.inFlight`
}

// Seen says whether the worker saw a job's note.
func (w *Watcher) Seen(id int) bool {
	return w.inFlight[id].Note.Seen > 0
}

// Shifter tags a job it kept, whose tags the worker reads.
type Shifter struct {
	cur  *Job
	work chan *Job
}

// Dispatch hands j out and keeps it.
func (s *Shifter) Dispatch(j *Job) {
	s.cur = j
	s.work <- j // want `j is sent on s.work but stays reachable from s.cur`
}

// Retag tags the job out.
func (s *Shifter) Retag() { s.cur.Tags = append(s.cur.Tags, "moved") }

// Tagger reads the tags of the job it kept, a field Shifter writes.
type Tagger struct {
	cur  *Job
	work chan *Job
}

// Dispatch hands j out and keeps it.
func (t *Tagger) Dispatch(j *Job) {
	t.cur = j
	t.work <- j // want `j is sent on t.work but stays reachable from t.cur`
}

// First returns the first tag of the job out.
func (t *Tagger) First() string { return t.cur.Tags[0] }

// Logger hands the jobs it kept to a function.
type Logger struct {
	cur  *Job
	work chan *Job
}

// Dispatch hands j out and keeps it.
func (l *Logger) Dispatch(j *Job) {
	l.cur = j
	l.work <- j // want `j is sent on l.work but stays reachable from l.cur`
}

// Log describes the job out.
func (l *Logger) Log() int { return describe(l.cur) }

func describe(j *Job) int { return j.ID }
