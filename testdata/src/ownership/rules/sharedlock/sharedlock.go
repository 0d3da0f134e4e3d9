// Package sharedlock pins the rule that a go statement handing the
// goroutine a *sync.Mutex, *sync.RWMutex or sync.Locker shares memory
// under the lock instead of transferring it. Handing any other sync value
// (a *sync.WaitGroup) does not.
package sharedlock

import "sync"

// Counts increments shared counters under a mutex handed to each worker:
// quiet.
func Counts(keys []string) map[string]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	counts := make(map[string]int)
	for _, k := range keys {
		wg.Add(1)
		go countMutex(&mu, &wg, counts, k)
	}
	mu.Lock()
	counts["total"] = len(keys)
	mu.Unlock()
	wg.Wait()
	return counts
}

func countMutex(mu *sync.Mutex, wg *sync.WaitGroup, counts map[string]int, k string) {
	defer wg.Done()
	mu.Lock()
	counts[k]++
	mu.Unlock()
}

// Cache is read under a read lock by a background refresher and written
// under the write lock by the spawner: quiet.
func Cache(mu *sync.RWMutex, entries map[string]string, stop chan bool) {
	go func(mu *sync.RWMutex, entries map[string]string) {
		for {
			select {
			case <-stop:
				return
			default:
			}
			mu.RLock()
			_ = len(entries)
			mu.RUnlock()
		}
	}(mu, entries)
	mu.Lock()
	entries["k"] = "v"
	mu.Unlock()
}

// Locked hands the goroutine a sync.Locker (a *sync.Mutex, or an
// RWMutex's RLocker, behind the interface): quiet.
func Locked(l sync.Locker, seen map[int]bool, done chan bool) {
	go mark(l, seen, 1, done)
	l.Lock()
	seen[2] = true
	l.Unlock()
}

func mark(l sync.Locker, seen map[int]bool, n int, done chan bool) {
	l.Lock()
	seen[n] = true
	l.Unlock()
	done <- true
}

// Unlocked hands the goroutine a *sync.WaitGroup and the map, and writes
// the map before waiting: a WaitGroup is no lock, so reported.
func Unlocked(keys []string) map[string]int {
	var wg sync.WaitGroup
	counts := make(map[string]int)
	wg.Add(1)
	go fill(&wg, counts, keys)
	counts["total"] = len(keys) // want `counts is written after it was handed to the goroutine started at line \d+`
	wg.Wait()
	return counts
}

func fill(wg *sync.WaitGroup, counts map[string]int, keys []string) {
	defer wg.Done()
	for _, k := range keys {
		counts[k]++
	}
}

// NoLock hands the goroutine only the map: reported.
func NoLock(m map[string]int, done chan bool) {
	go func(m map[string]int) {
		m["x"]++
		done <- true
	}(m)
	m["y"]++ // want `m is read after it was handed to the goroutine started at line \d+`
}

// Captured counts in goroutines that capture the mutex variable (a
// function literal binds the variable's cell, a **sync.Mutex): quiet.
func Captured(keys []string) map[string]int {
	mu := new(sync.Mutex)
	var wg sync.WaitGroup
	counts := make(map[string]int)
	for _, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			counts[k]++
			mu.Unlock()
		}()
	}
	mu.Lock()
	counts["total"] = len(keys)
	mu.Unlock()
	wg.Wait()
	return counts
}

// CapturedNoLock captures only the WaitGroup and the map, and writes the
// map before waiting: reported.
func CapturedNoLock(keys []string) map[string]int {
	var wg sync.WaitGroup
	counts := make(map[string]int)
	wg.Add(1)
	go func() {
		defer wg.Done()
		counts["first"] = len(keys)
	}()
	counts["total"] = len(keys) // want `counts is written after it was handed to the goroutine started at line \d+`
	wg.Wait()
	return counts
}
