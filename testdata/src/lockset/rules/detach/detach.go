package detach // want package:"lockset summaries"

import "sync"

// This package pins the detaching critical section (detach.go): a
// container loaded from a field and replaced by a fresh value under the
// same lock is the detaching function's alone once it unlocks, so what it
// does through the loaded value after the unlock is ordered with the
// accesses through the field that hold the lock. Net/http's
// CloseIdleConnections and a message server's route teardown do this.
// An accessor without the lock, a store of the same memory back, and a
// replacement made in another critical section keep the report.

type conn struct{ id int }

// A Pool keeps idle conns per host under mu.
type Pool struct {
	mu   sync.Mutex
	idle map[string][]*conn
}

// Put adds c to the idle list of its host.
func (p *Pool) Put(host string, c *conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.idle == nil {
		p.idle = make(map[string][]*conn)
	}
	p.idle[host] = append(p.idle[host], c)
}

// CloseIdle detaches the map under mu and walks it unlocked: quiet.
func (p *Pool) CloseIdle() int {
	p.mu.Lock()
	m := p.idle
	p.idle = nil
	p.mu.Unlock()
	n := 0
	for _, conns := range m {
		n += len(conns)
	}
	return n
}

// A Queue keeps pending jobs in a slice under mu.
type Queue struct {
	mu      sync.Mutex
	pending []int
}

// Add appends a job.
func (q *Queue) Add(j int) {
	q.mu.Lock()
	q.pending = append(q.pending, j)
	q.mu.Unlock()
}

// Update rewrites job i under mu.
func (q *Queue) Update(i, j int) {
	q.mu.Lock()
	if i < len(q.pending) {
		q.pending[i] = j
	}
	q.mu.Unlock()
}

// Drain swaps in a new slice under mu and sums the old one unlocked:
// quiet.
func (q *Queue) Drain() int {
	q.mu.Lock()
	jobs := q.pending
	q.pending = make([]int, 0, 8)
	q.mu.Unlock()
	sum := 0
	for i := range jobs {
		sum += jobs[i]
	}
	return sum
}

// A Batch keeps its calls behind the lock of its owner.
type Batch struct {
	calls []int
	size  int
}

// A DB starts one batch at a time.
type DB struct {
	mu    sync.Mutex
	batch *Batch
}

// Submit adds a call to the current batch.
func (db *DB) Submit(c int) {
	db.mu.Lock()
	if db.batch == nil {
		db.batch = &Batch{}
	}
	db.batch.size++
	db.mu.Unlock()
}

// Run unpublishes the batch under mu and reads it unlocked: quiet.
func (db *DB) Run() int {
	db.mu.Lock()
	b := db.batch
	db.batch = nil
	db.mu.Unlock()
	if b == nil {
		return 0
	}
	return b.size
}

// A Registry is written without the lock by Set.
type Registry struct {
	mu    sync.Mutex
	names map[string]int
}

// Set writes the map without the lock (and reads the field unlocked).
func (r *Registry) Set(k string, v int) {
	r.names[k] = v // want `r.names is read in \(\*Registry\).Set without a lock and written in \(\*Registry\).Reset holding r.mu` `r.names\[\*\] is written in \(\*Registry\).Set without a lock and read in \(\*Registry\).Reset holding r.mu`
}

// Reset detaches the map, but Set does not hold the lock: the walk races
// with Set.
func (r *Registry) Reset() int {
	r.mu.Lock()
	m := r.names
	r.names = map[string]int{}
	r.mu.Unlock()
	n := 0
	for range m {
		n++
	}
	return n
}

// A Buffer keeps its backing array when it is reset.
type Buffer struct {
	mu  sync.Mutex
	buf []byte
}

// Set writes byte i under the lock.
func (b *Buffer) Set(i int, c byte) {
	b.mu.Lock()
	if i < len(b.buf) {
		b.buf[i] = c
	}
	b.mu.Unlock()
}

// Next drops the first byte and returns the one after it unlocked, but
// the field still shares the array: a Set writes what it reads.
func (b *Buffer) Next() byte {
	b.mu.Lock()
	out := b.buf
	b.buf = b.buf[1:]
	b.mu.Unlock()
	if len(out) < 2 {
		return 0
	}
	return out[1] // want `b.buf\[1\] is read in \(\*Buffer\).Next without a lock and written in \(\*Buffer\).Set holding b.mu`
}

// A Table replaces its map in a second critical section.
type Table struct {
	mu   sync.Mutex
	rows map[int]string
}

// Put writes under the lock.
func (t *Table) Put(k int, v string) {
	t.mu.Lock()
	t.rows[k] = v
	t.mu.Unlock()
}

// Swap loads the map under the lock and replaces it after unlocking: a
// Put between the two writes the map it reads.
func (t *Table) Swap() int {
	t.mu.Lock()
	m := t.rows
	t.mu.Unlock()
	t.rows = map[int]string{} // want `t.rows is written in \(\*Table\).Swap without a lock and read in \(\*Table\).Put holding t.mu`
	n := 0
	for k := range m { // want `t.rows\[\*\] is read in \(\*Table\).Swap without a lock and written in \(\*Table\).Put holding t.mu`
		n += k
	}
	return n
}
