package lastref // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins the last-reference rule of the default reading: what
// the branch where an atomic reference count reached zero does to the
// object holding the count follows all that the other holders did to it.

// Log is reference-counted, as golang.org/x/net/trace's eventLog: Finish
// drops a reference, and the last one resets the log for reuse without
// its lock. Quiet: every holder logged before it dropped its reference.
type Log struct {
	mu     sync.Mutex
	refs   int32
	events []string
	start  int64
	buf    [4]string
	owner  *Registry
}

var free = sync.Pool{New: func() any { return new(Log) }}

func (l *Log) Printf(s string) {
	l.mu.Lock()
	l.events = append(l.events, s)
	l.mu.Unlock()
}

func (l *Log) Start() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.start
}

func (l *Log) Ref() { atomic.AddInt32(&l.refs, 1) }

func (l *Log) Finish() { l.unref() }

func (l *Log) unref() {
	if atomic.AddInt32(&l.refs, -1) == 0 {
		release(l)
	}
}

func release(l *Log) {
	l.reset()
	free.Put(l)
}

func (l *Log) reset() {
	l.events = nil
	l.start = 0
	l.refs = 0
	for i := range l.buf {
		l.buf[i] = ""
	}
}

// Registry counts the logs it made under its lock. A log whose last
// reference is dropped updates its registry, another object that the
// count does not guard: reported.
type Registry struct {
	mu   sync.Mutex
	live int
}

func (r *Registry) NewLogs(n int) []*Log {
	var logs []*Log
	for range n {
		logs = append(logs, &Log{refs: 1, owner: r})
	}
	return logs
}

func (l *Log) Live() int {
	l.owner.mu.Lock()
	defer l.owner.mu.Unlock()
	return l.owner.live // want `l.owner.live is read in \(\*Log\).Live holding l.owner.mu and written in \(\*Log\).Close after l.refs reached zero`
}

func (l *Log) Close() {
	if atomic.AddInt32(&l.refs, -1) != 0 {
		return
	}
	l.owner.live--
}

// Buffer counts its references with an atomic.Int32 field and clears its
// data when the last one goes. Quiet.
type Buffer struct {
	mu   sync.Mutex
	refs atomic.Int32
	data []byte
}

func (b *Buffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.data)
}

func (b *Buffer) Release() {
	if b.refs.Add(-1) != 0 {
		return
	}
	b.data = nil
}

// Job counts its running workers, not references: the last worker's
// write of the result races with a reader that never counted itself in.
type Job struct {
	mu      sync.Mutex
	pending int32
	result  int
}

func (j *Job) Result() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.result
}

func NewJob(n int) *Job {
	j := &Job{pending: int32(n)}
	for range n {
		go j.done(1)
	}
	return j
}

func (j *Job) done(v int) {
	if atomic.AddInt32(&j.pending, -1) == 0 {
		j.result = v // want `j.result is written in the goroutine started in NewJob \(line \d+\) via \(\*Job\).done without a lock and read in \(\*Job\).Result holding j.mu`
	}
}
