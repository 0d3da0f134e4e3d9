package selfcounted // want package:"lockset summaries"

import "sync"

// This package pins the rule that a goroutine which calls wg.Add itself
// is not waited for by its spawner's wg.Wait: the Wait may return before
// the goroutine has run its Add (selfcounted.go).

// Sum's goroutines add themselves: Wait may return at once, and the read
// of n races with their locked writes. Reported.
func Sum(items []string) int {
	n := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, s := range items {
		go func() {
			wg.Add(1)
			defer wg.Done()
			mu.Lock()
			n += len(s)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return n // want `n is read in Sum after the go statement without a lock and written in the goroutine started in Sum \(line \d+\) holding mu`
}

// Lengths reads the elements the goroutines write after a Wait that does
// not wait for them. Reported.
func Lengths(items []string) int {
	out := make([]int, len(items))
	var wg sync.WaitGroup
	for i, s := range items {
		go func() {
			wg.Add(1)
			defer wg.Done()
			out[i] = len(s) // want `out\[\*\] is written in the goroutine started in Lengths \(line \d+\) without a lock and read in Lengths after the go statement without a lock`
		}()
	}
	wg.Wait()
	t := 0
	for _, v := range out {
		t += v
	}
	return t
}

type Batch struct {
	wg   sync.WaitGroup
	done int
}

func (b *Batch) work() {
	b.wg.Add(1)
	defer b.wg.Done()
	b.done++ // want `b.done is written in the goroutine started in \(\*Batch\).Run \(line \d+\) via \(\*Batch\).work without a lock and read in \(\*Batch\).Run after the go statement without a lock`
}

// Run starts a method that adds itself to a field of its receiver.
// Reported.
func (b *Batch) Run() int {
	go b.work()
	b.wg.Wait()
	return b.done
}

func worker(wg *sync.WaitGroup, out *int) {
	wg.Add(1)
	defer wg.Done()
	*out = 1 // want `out is written in the goroutine started in Param \(line \d+\) via worker without a lock and read in Param after the go statement without a lock`
}

// Param hands the group to a function that adds itself to it. Reported.
func Param() int {
	var wg sync.WaitGroup
	var out int
	go worker(&wg, &out)
	wg.Wait()
	return out
}

// Counted adds before each go statement, as the sync documentation says
// to: Wait joins the goroutines. Quiet.
func Counted(items []string) int {
	out := make([]int, len(items))
	var wg sync.WaitGroup
	for i, s := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = len(s)
		}()
	}
	wg.Wait()
	t := 0
	for _, v := range out {
		t += v
	}
	return t
}

// Nested's goroutine is counted by its spawner and adds the goroutines it
// starts in turn, which it may do: each Add happens while the group's
// counter is above zero. Quiet.
func Nested(items []string) int {
	out := make([]int, len(items))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i, s := range items {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[i] = len(s)
			}()
		}
	}()
	wg.Wait()
	t := 0
	for _, v := range out {
		t += v
	}
	return t
}
