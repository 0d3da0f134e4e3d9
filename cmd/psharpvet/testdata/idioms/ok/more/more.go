package more

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Publish with an atomic flag: data written before Store(true) is visible after Load()==true.
type Table struct {
	ready atomic.Bool
	data  map[string]int
}

func (t *Table) Build() {
	m := map[string]int{"a": 1}
	t.data = m
	t.ready.Store(true)
}

func (t *Table) Lookup(k string) (int, bool) {
	if !t.ready.Load() {
		return 0, false
	}
	v, ok := t.data[k]
	return v, ok
}

func BuildAndServe(t *Table) {
	go t.Build()
	t.Lookup("a")
}

// Hand-rolled once: atomic fast path + mutex slow path.
type Lazy struct {
	done atomic.Bool
	mu   sync.Mutex
	val  []string
}

func (l *Lazy) Get() []string {
	if l.done.Load() {
		return l.val
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done.Load() {
		l.val = []string{"x"}
		l.done.Store(true)
	}
	return l.val
}

// Closure executor: all state mutations run on the owner goroutine.
type Store struct {
	ops chan func()
	m   map[string]int
}

func NewStore() *Store {
	s := &Store{ops: make(chan func()), m: map[string]int{}}
	go func() {
		for op := range s.ops {
			op()
		}
	}()
	return s
}

func (s *Store) Set(k string, v int) {
	done := make(chan struct{})
	s.ops <- func() { s.m[k] = v; close(done) }
	<-done
}

func (s *Store) Get(k string) int {
	res := make(chan int)
	s.ops <- func() { res <- s.m[k] }
	return <-res
}

// Lock/unlock inside an immediately-invoked closure in a loop.
type Registry struct {
	mu    sync.Mutex
	items map[string]int
}

func (r *Registry) AddAll(keys []string) {
	for _, k := range keys {
		func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.items[k]++
		}()
	}
}

func (r *Registry) Count(k string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.items[k]
}

// Lock helpers.
type Conn struct {
	mu    sync.Mutex
	state int
}

func (c *Conn) lock()   { c.mu.Lock() }
func (c *Conn) unlock() { c.mu.Unlock() }

func (c *Conn) SetState(s int) {
	c.lock()
	defer c.unlock()
	c.state = s
}

func (c *Conn) State() int {
	c.lock()
	defer c.unlock()
	return c.state
}

// Background loop owns stats; Close cancels and waits before reading.
type Poller struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	polls  int
	last   time.Time
}

func StartPoller(ctx context.Context) *Poller {
	ctx, cancel := context.WithCancel(ctx)
	p := &Poller{cancel: cancel}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				p.polls++
				p.last = now
			}
		}
	}()
	return p
}

func (p *Poller) Close() int {
	p.cancel()
	p.wg.Wait()
	return p.polls
}

// Per-key locks held in a map guarded by a mutex.
type KeyLocks struct {
	mu    sync.Mutex
	locks map[string]*sync.Mutex
	vals  map[string]*int
}

func (k *KeyLocks) Incr(key string) {
	k.mu.Lock()
	l, ok := k.locks[key]
	if !ok {
		l = new(sync.Mutex)
		k.locks[key] = l
		k.vals[key] = new(int)
	}
	v := k.vals[key]
	k.mu.Unlock()
	l.Lock()
	*v++
	l.Unlock()
}

// context.AfterFunc with state under lock.
type Job struct {
	mu       sync.Mutex
	canceled bool
}

func (j *Job) Watch(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, func() {
		j.mu.Lock()
		j.canceled = true
		j.mu.Unlock()
	})
}

func (j *Job) Canceled() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.canceled
}

// Ownership passed to a goroutine; the spawner never touches it again.
type Batch struct {
	Items []string
	Sent  bool
}

func Send(b *Batch, done chan<- *Batch) {
	go func() {
		b.Sent = true
		done <- b
	}()
}

func SendAndWait(items []string) bool {
	done := make(chan *Batch)
	b := &Batch{Items: items}
	Send(b, done)
	b2 := <-done
	return b2.Sent && b.Sent
}

// Mutex-protected slice; readers take a copy.
type Log struct {
	mu    sync.RWMutex
	lines []string
}

func (l *Log) Append(s string) {
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
}

func (l *Log) Lines() []string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	out := make([]string, len(l.lines))
	copy(out, l.lines)
	return out
}

// Immutable snapshot swapped under RWMutex; readers use the pointer after unlocking.
type Snapshot struct{ Names []string }

type Dir struct {
	mu   sync.RWMutex
	snap *Snapshot
}

func (d *Dir) Current() *Snapshot {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.snap
}

func (d *Dir) Count() int { return len(d.Current().Names) }

func (d *Dir) Add(n string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var old []string
	if d.snap != nil {
		old = d.snap.Names
	}
	names := append(append([]string(nil), old...), n)
	d.snap = &Snapshot{Names: names}
}
