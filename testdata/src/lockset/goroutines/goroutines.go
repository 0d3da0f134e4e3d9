package goroutines // want package:"lockset summaries"

import (
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// Before the go statement: ordered by it, quiet.
func orderedBefore() int {
	x := 0
	x = 1
	done := make(chan struct{})
	go func() {
		_ = x
		close(done)
	}()
	<-done
	return x
}

// After the go statement, before any join: a race on a captured local.
func raceAfter() int {
	x := 0
	go func() {
		x = 1 // want `x is written in the goroutine started in raceAfter \(line \d+\) without a lock and read in raceAfter after the go statement without a lock`
	}()
	return x
}

// Joined by wg.Wait: quiet.
func joinedWaitGroup() int {
	var wg sync.WaitGroup
	n := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		n = 42
	}()
	wg.Wait()
	return n
}

// Accessed between the go statement and wg.Wait: a race.
func beforeWait() int {
	var wg sync.WaitGroup
	n := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		n = 42 // want `n is written in the goroutine started in beforeWait \(line \d+\) without a lock and read in beforeWait after the go statement without a lock`
	}()
	m := n
	wg.Wait()
	return m + n
}

// Joined by a receive from a done channel: quiet.
func joinedChannel() []int {
	var out []int
	done := make(chan bool)
	go func() {
		out = append(out, 1)
		done <- true
	}()
	<-done
	return out
}

// Joined by errgroup's Wait: quiet.
func joinedErrgroup() int {
	var g errgroup.Group
	total := 0
	g.Go(func() error {
		total = 7
		return nil
	})
	_ = g.Wait()
	return total
}

// Started with wg.Go (Go 1.25) and read before Wait: a race.
func waitGroupGo() int {
	var wg sync.WaitGroup
	v := 0
	wg.Go(func() {
		v = 3 // want `v is written in the goroutine started in waitGroupGo \(line \d+\) without a lock and read in waitGroupGo after the go statement without a lock`
	})
	r := v
	wg.Wait()
	return r
}

// Goroutines started in a loop race with each other on a variable
// declared outside the loop.
func loopShared() int {
	var wg sync.WaitGroup
	sum := 0
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sum += i // want `sum is read in the goroutine started in loopShared \(line \d+\) without a lock and written in another instance of goroutine started in loopShared \(line \d+\) without a lock`
		}()
	}
	wg.Wait()
	return sum
}

// Per-iteration variables and a mutex: quiet.
func loopLocked() int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	sum := 0
	for i := 0; i < 4; i++ {
		wg.Add(1)
		local := 0
		go func() {
			defer wg.Done()
			local = i
			mu.Lock()
			sum += local
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum
}

// Two sibling goroutines alive at once race on a captured variable.
func siblings() {
	var wg sync.WaitGroup
	state := ""
	wg.Add(2)
	go func() {
		defer wg.Done()
		state = "a" // want `state is written in the goroutine started in siblings \(line \d+\) without a lock and written in the goroutine started in siblings \(line \d+\) without a lock`
	}()
	go func() {
		defer wg.Done()
		state = "b"
	}()
	wg.Wait()
	_ = state
}

// Worker is shared because one of its methods is started with go. Its
// loop confines w.seen to the goroutine: quiet. w.limit is read by the
// loop and written by an exported method: a race.
type Worker struct {
	jobs  chan int
	seen  int
	limit int
}

func (w *Worker) Start() {
	w.jobs = make(chan int) // quiet: Worker holds no mutex, so Start is not assumed to race with itself
	go w.loop()
}

func (w *Worker) loop() {
	for j := range w.jobs {
		w.seen++
		if j > w.limit { // want `w.limit is read in the goroutine started in \(\*Worker\).Start \(line \d+\) via \(\*Worker\).loop without a lock and written in \(\*Worker\).SetLimit without a lock`
			return
		}
	}
}

func (w *Worker) SetLimit(n int) { w.limit = n }

// Passing a pointer to a goroutine and using it afterwards.
type point struct{ x, y int }

func passPointer() int {
	p := &point{}
	p.x = 1 // before: quiet
	go move(p)
	return p.y // want `p.y is read in passPointer after the go statement without a lock and written in the goroutine started in passPointer \(line \d+\) via move without a lock`
}

func move(p *point) { p.y++ }

// A timer callback runs in its own goroutine.
func timer() int {
	hits := 0
	time.AfterFunc(time.Second, func() {
		hits++ // want `hits is read in the goroutine started in timer \(line \d+\) without a lock and written in timer after the go statement without a lock`
	})
	hits = 2
	return hits
}

// A batch is appended to under its lock.
type batch struct {
	mu    sync.Mutex
	items []int
}

// armBatch appends holding the lock, but the timer's callback reads
// without it (the ownership pass leaves the locked append to this pass:
// ownership/rules/lockedspawns).
func armBatch(b *batch, x int) {
	b.mu.Lock()
	time.AfterFunc(time.Second, func() {
		_ = len(b.items) // want `b.items is read in the goroutine started in armBatch \(line \d+\) without a lock and written in armBatch after the go statement holding b.mu`
	})
	b.items = append(b.items, x)
	b.mu.Unlock()
}

// armBatchLocked's callback takes the lock: quiet.
func armBatchLocked(b *batch, x int) {
	b.mu.Lock()
	time.AfterFunc(time.Second, func() {
		b.mu.Lock()
		_ = len(b.items)
		b.mu.Unlock()
	})
	b.items = append(b.items, x)
	b.mu.Unlock()
}

// Poller starts its loop in its constructor: the loop then runs
// concurrently with the exported methods called on the returned value.
type Poller struct {
	mu       sync.Mutex
	interval int
	ticks    int
}

func NewPoller() *Poller {
	p := &Poller{interval: 1} // before the go statement: quiet
	go p.run()
	return p
}

func (p *Poller) run() {
	for {
		p.mu.Lock()
		p.ticks++
		p.mu.Unlock()
		if p.interval < 0 { // want `p.interval is read in the goroutine started in NewPoller \(line \d+\) via \(\*Poller\).run without a lock and written in \(\*Poller\).SetInterval holding p.mu`
			return
		}
	}
}

func (p *Poller) SetInterval(n int) {
	p.mu.Lock()
	p.interval = n
	p.mu.Unlock()
}

func (p *Poller) Ticks() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ticks
}
