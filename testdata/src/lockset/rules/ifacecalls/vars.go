package ifacecalls

import "sync"

// tally and bag are stores of their own, so that each report below is
// about a method of its own.
type tally struct{ m map[string]int }

func (t *tally) Put(k string, v int) { t.m[k] += v } // want `s.m\[\*\] is read in the goroutine started in Fill \(line 27\) via \(\*tally\).Put without a lock and written in another instance of goroutine started in Fill \(line 27\) via \(\*tally\).Put without a lock`
func (t *tally) Get(k string) int    { return t.m[k] }

type bag struct{ m map[string]int }

func (b *bag) Put(k string, v int) { b.m[k] = v } // want `s.m\[\*\] is written in the goroutine started in the func literal in FillNested \(line 42\) via \(\*bag\).Put without a lock and written in another instance of goroutine started in the func literal in FillNested \(line 42\) via \(\*bag\).Put without a lock`
func (b *bag) Get(k string) int    { return b.m[k] }

// A goroutine literal captures its variables by their cells; a variable
// of interface type that only its function stores, and only with one
// concrete type, resolves the calls made through it.

// Fill's goroutines write the one store's map without a lock.
func Fill(keys []string) {
	var s Store = &tally{m: map[string]int{}}
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Put(k, i)
		}()
	}
	wg.Wait()
}

// FillNested reaches the variable through two literals.
func FillNested(keys []string) {
	s := Store(&bag{m: map[string]int{}})
	var wg sync.WaitGroup
	start := func() {
		for i, k := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.Put(k, i)
			}()
		}
	}
	start()
	wg.Wait()
}

// FillLocked serialises the calls: race-free.
func FillLocked(keys []string) {
	var s Store = &memStore{m: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			s.Put(k, i)
			mu.Unlock()
		}()
	}
	wg.Wait()
}

// FillEach gives each goroutine a store of its own: race-free.
func FillEach(keys []string) {
	var wg sync.WaitGroup
	for i, k := range keys {
		var s Store = &memStore{m: map[string]int{}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Put(k, i)
		}()
	}
	wg.Wait()
}

// FillAny's variable is stored by the goroutines too, so what it holds
// when a goroutine calls Put is not only what FillAny stored: the calls
// stay unknown, and unknown calls report nothing. The variable itself
// races.
func FillAny(keys []string, other Store) {
	var s Store = &memStore{m: map[string]int{}}
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Put(k, i) // want `s is read in the goroutine started in FillAny \(line 92\) without a lock and written in another instance of goroutine started in FillAny \(line 92\) without a lock`
			s = other
		}()
	}
	wg.Wait()
}
