package loopinstances // want package:"lockset summaries"

import "sync"

// This package pins the goroutines one go statement in a loop starts on
// the same memory: by default the ownership pass leaves them to this one
// (README, ownership's precision rules), which pairs two instances with
// the locks each holds.

type Job struct{ id int }

func bump(j *Job, done chan bool) {
	j.id++ // want `j.id is read in the goroutine started in SameArg \(line \d+\) via bump without a lock and written in another instance of goroutine started in SameArg \(line \d+\) via bump without a lock`
	done <- true
}

// SameArg hands the same job to every goroutine: racy.
func SameArg(n int, done chan bool) {
	j := &Job{}
	for i := 0; i < n; i++ {
		go bump(j, done)
	}
}

// SharedMap counts in one map from every goroutine: racy.
func SharedMap(words []string, done chan bool) {
	counts := make(map[string]int)
	for _, w := range words {
		go func() {
			counts[w]++ // want `counts\[\*\] is read in the goroutine started in SharedMap \(line \d+\) without a lock and written in another instance of goroutine started in SharedMap \(line \d+\) without a lock`
			done <- true
		}()
	}
}

type Tx struct {
	mu    sync.Mutex
	pages int
}

func (tx *Tx) check(done chan bool) {
	tx.mu.Lock()
	tx.pages++
	tx.mu.Unlock()
	done <- true
}

// Checked shares one transaction whose check locks: quiet.
func Checked(tx *Tx, n int, done chan bool) {
	for i := 0; i < n; i++ {
		go tx.check(done)
	}
}
