// Package namedresult: `return pid, ch` with named results assigns each
// result to itself (ch = ch), which the compiler drops; it is not a write
// that races with a goroutine reading the variable. An explicit assignment
// after the go statement is.
package namedresult

// start hands its named result to a goroutine and returns it: quiet.
func start(n int) (id int, ch chan int) {
	ch = make(chan int, n)
	go func() {
		ch <- 1
	}()
	return n, ch
}

// restart replaces the channel the goroutine uses: a race.
func restart(n int) (ch chan int) {
	ch = make(chan int, n)
	go func() {
		ch <- 1 // want `ch is read in the goroutine started in restart \(line \d+\) without a lock and written in restart after the go statement without a lock`
	}()
	ch = make(chan int, n+1)
	return ch
}

type harness struct{ n int }

// startHarness returns its named results and a new object: the stores
// into the object and into the other results between the loads and the
// stores of `ch = ch` write neither variable. Quiet.
func startHarness(n int) (id int, ch chan int, h *harness) {
	ch = make(chan int, n)
	go func() {
		ch <- id
	}()
	return id, ch, &harness{n: n}
}

// resetHarness returns a new value of id beside the new object: a write.
func resetHarness(n int) (id int, h *harness) {
	p := &id
	go func() {
		println(id) // want `id is read in the goroutine started in resetHarness \(line \d+\) without a lock and written in resetHarness after the go statement without a lock`
	}()
	return *p + 1, &harness{n: n}
}

// collect returns its named result with its length: measuring it between
// the load and the store of `got = got` writes nothing. The goroutine's
// append races with the read all the same.
func collect(in <-chan int, limit int) (got []int, all bool) {
	go func() {
		for v := range in {
			got = append(got, v) // want `got is written in the goroutine started in collect \(line \d+\) without a lock and read in collect after the go statement without a lock`
		}
	}()
	return got, len(got) == limit
}
