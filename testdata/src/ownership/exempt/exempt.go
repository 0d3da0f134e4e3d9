// Package exempt checks that values of types that carry no ownership are
// never reported.
package exempt

import (
	"context"
	"errors"
	"log/slog"
	"reflect"
	"regexp"
	"sync"
	"sync/atomic"
	"time"
)

type Point struct{ X, Y int }

type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

func SendInt(ch chan int) {
	n := 1
	ch <- n
	n++
	_ = n
}

func SendString(ch chan string) {
	s := "a"
	ch <- s
	s += "b"
	_ = s
}

func SendStruct(ch chan Point) {
	p := Point{1, 2}
	ch <- p
	p.X = 3
	_ = p
}

func SendContext(ch chan context.Context, ctx context.Context) {
	ch <- ctx
	<-ctx.Done()
	_ = ctx.Err()
}

func SendError(ch chan error) error {
	err := errors.New("x")
	ch <- err
	return errors.Join(err, err)
}

func SendTime(ch chan time.Time) bool {
	t := time.Now()
	ch <- t
	return t.IsZero()
}

func SendRegexp(ch chan *regexp.Regexp, re *regexp.Regexp) bool {
	ch <- re
	return re.MatchString("x")
}

func SendLocked(ch chan *Counter) {
	c := &Counter{n: map[string]int{}}
	ch <- c
	c.mu.Lock()
	c.n["a"]++
	c.mu.Unlock()
}

func SendChannel(ch chan chan int) {
	c := make(chan int, 1)
	ch <- c
	c <- 1
}

func SendArray(ch chan [4]int) {
	var a [4]int
	ch <- a
	a[0] = 1
	_ = a
}

type Stats struct {
	hits atomic.Int64
	seen map[string]bool
}

func SendAtomic(ch chan *Stats) {
	s := &Stats{seen: map[string]bool{}}
	ch <- s
	s.hits.Add(1)
}

func SendDuration(ch chan time.Duration) {
	d := time.Second
	ch <- d
	d *= 2
	_ = d
}

func SendLogger(ch chan *slog.Logger, l *slog.Logger) {
	ch <- l
	l.Info("sent")
}

func SendType(ch chan reflect.Type, v any) string {
	t := reflect.TypeOf(v)
	ch <- t
	return t.Name()
}

func SendWaitGroup(ch chan *sync.WaitGroup) {
	var wg sync.WaitGroup
	wg.Add(1)
	ch <- &wg
	wg.Wait()
}

// GoLocked hands the goroutine a lock with the data it guards: the
// lockset pass checks it, ownership does not.
func GoLocked(mu *sync.Mutex, m map[string]int) {
	go func(mu *sync.Mutex, m map[string]int) {
		mu.Lock()
		m["a"]++
		mu.Unlock()
	}(mu, m)
	mu.Lock()
	m["b"]++
	mu.Unlock()
}

// WatchCancel hands a cancel func to a watcher goroutine and calls it too:
// a context.CancelFunc may be called from many goroutines.
func WatchCancel(ctx context.Context, done chan bool) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		<-done
		cancel()
	}()
	_ = ctx
	cancel()
}

// poolState holds the lock; Pool is a handle to it.
type poolState struct {
	mu    sync.Mutex
	tasks []func()
}

type Pool struct{ *poolState }

func (p Pool) Submit(f func()) {
	p.mu.Lock()
	p.tasks = append(p.tasks, f)
	p.mu.Unlock()
}

// SharePool hands the pool handle to a goroutine and goes on using it:
// the pool synchronises itself. Quiet.
func SharePool(p *Pool) {
	go p.Submit(func() {})
	p.Submit(func() {})
}

// cache guards its entries with a mutex it shares by pointer, which its
// method takes: it synchronises itself as one holding the mutex does
// (concur's Shared fact, "locked").
type cache struct {
	mu      *sync.RWMutex
	entries map[string]int
	timer   *time.Timer
}

func (c *cache) save() {
	c.mu.Lock()
	c.entries["saved"]++
	c.mu.Unlock()
}

// StartCache keeps the cache after its timer got it: quiet.
func StartCache(holder *struct{ c *cache }) {
	c := &cache{mu: &sync.RWMutex{}, entries: map[string]int{}}
	c.timer = time.AfterFunc(time.Second, func() { c.save() })
	holder.c = c
}

// task carries a pointer to its spawner's WaitGroup, which synchronises
// the spawner, not the task: still given up.
type task struct {
	wg   *sync.WaitGroup
	data []byte
}

func SendTask(ch chan *task, wg *sync.WaitGroup) {
	t := &task{wg: wg, data: make([]byte, 8)}
	ch <- t
	t.data[0] = 1 // want `t is written after it was sent on ch \(line 201\); the receiver may be using it concurrently`
}

// counter holds a pointer to a mutex that no method takes: no evidence
// that it guards anything, still given up.
type counter struct {
	mu   *sync.Mutex
	hist []int
}

func bump(c *counter) { c.hist[0]++ }

func KeepCounter(c *counter) int {
	go bump(c)
	return c.hist[0] // want `c is read after it was handed to the goroutine started at line 215; the goroutine may be using it concurrently`
}
