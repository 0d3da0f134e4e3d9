package inherit // want package:"lockset summaries"

import "sync"

// This package pins the locks a goroutine inherits: its spawner holds
// them from the go statement until it has joined the goroutine.

type Failover struct {
	mu     sync.Mutex
	addrs  []string
	master string
	hits   int
}

// Master holds f.mu while its goroutines run and waits for them before
// the deferred unlock: against Reset, their writes are under f.mu. Quiet.
func (f *Failover) Master() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var wg sync.WaitGroup
	var once sync.Once
	for i := range f.addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() {
				f.addrs[0], f.addrs[i] = f.addrs[i], f.addrs[0]
				f.master = f.addrs[0]
			})
		}()
	}
	wg.Wait()
	return f.master
}

// Reset writes under f.mu.
func (f *Failover) Reset(addrs []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.addrs = addrs
	f.master = ""
	f.hits = 0
}

// Count's goroutines run inside its critical section but race with each
// other: the lock they inherit orders nothing among them.
func (f *Failover) Count(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.hits++ // want `f.hits is read in the goroutine started in \(\*Failover\).Count \(line \d+\) without a lock and written in another instance of goroutine started in \(\*Failover\).Count \(line \d+\) without a lock`
		}()
	}
	wg.Wait()
}

// Early unlocks before it waits: its goroutine's write is not under f.mu
// once Early has unlocked, and races with Reset.
func (f *Failover) Early() {
	f.mu.Lock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f.master = "early" // want `f.master is written in the goroutine started in \(\*Failover\).Early \(line \d+\) without a lock`
	}()
	f.mu.Unlock()
	wg.Wait()
}
