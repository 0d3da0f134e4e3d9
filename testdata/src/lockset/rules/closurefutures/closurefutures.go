package closurefutures // want package:"lockset summaries"

import "sync"

// This package pins the types a goroutine started as a function literal
// shares with it (closureShared): the literal writes an object its
// spawner allocated and published, and may outlive the spawner, so the
// type's methods race with it, as they do with a method started with go.

type Fetch struct {
	Err  error
	done chan struct{}
}

func Start(f func() error) *Fetch {
	ft := &Fetch{done: make(chan struct{})}
	go func() {
		defer close(ft.done)
		ft.Err = f() // want `ft.Err is written in the goroutine started in Start \(line 17\) without a lock and read in \(\*Fetch\).Failed without a lock`
	}()
	return ft
}

// Wait reads after the goroutine's close: quiet.
func (ft *Fetch) Wait() error {
	<-ft.done
	return ft.Err
}

// Failed reads without waiting: reported.
func (ft *Fetch) Failed() bool { return ft.Err != nil }

// Job's method starts a literal that writes its receiver: not counted
// (closureShared), so Job is not shared with it and Status is quiet. The
// trade: on real code such methods are mostly a Start that sets up the
// object and then starts its loop, once.
type Job struct {
	status string
	wg     sync.WaitGroup
	result int
}

func (j *Job) Start() {
	go func() {
		j.status = "done"
	}()
}

func (j *Job) Status() string { return j.status }

// Run joins its goroutine before it returns: quiet.
func (j *Job) Run() {
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		j.result = 42
	}()
	j.wg.Wait()
}

func (j *Job) Result() int { return j.result }

// Local is made and used by its spawner only: quiet.
type Local struct{ n int }

func (l *Local) N() int { return l.n }

func Sum() int {
	l := &Local{}
	done := make(chan struct{})
	go func() {
		l.n = 1
		close(done)
	}()
	<-done
	return l.N()
}

// Tx's Check hands its caller the channel its goroutine closes, which the
// caller drains before it commits: quiet.
type Tx struct {
	pages map[int]int
	stats int
}

func (tx *Tx) Check() <-chan error {
	ch := make(chan error)
	go func() {
		defer close(ch)
		tx.stats++
		_ = tx.pages[0]
	}()
	return ch
}

func (tx *Tx) Commit() {
	tx.pages = nil
	tx.stats = 0
}

// Lister's goroutine closes the channel Names hands out; callers drain it
// before they read Err: not counted, quiet.
type Lister struct {
	names chan string
	err   error
}

func List(src []string) *Lister {
	l := &Lister{names: make(chan string)}
	go func() {
		defer close(l.names)
		for _, s := range src {
			if s == "" {
				l.err = errEmpty
				return
			}
			l.names <- s
		}
	}()
	return l
}

func (l *Lister) Names() <-chan string { return l.names }

func (l *Lister) Err() error { return l.err }

var errEmpty = errorString("empty")

type errorString string

func (e errorString) Error() string { return string(e) }
