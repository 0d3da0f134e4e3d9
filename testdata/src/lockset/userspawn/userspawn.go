package userspawn // want package:"lockset summaries"

// userspawn has a worker pool that lockset knows of only through the rows
// the test declares with -concur.spawn and -concur.join.

// A Pool runs submitted functions on its own goroutines.
type Pool struct{ tasks chan func() }

func (p *Pool) Submit(f func()) { p.tasks <- f }

func (p *Pool) Wait() {}

// Read while the submitted function may run: a race.
func racy(p *Pool) int {
	n := 0
	p.Submit(func() {
		n = 1 // want `n is written in the goroutine started in racy \(line \d+\) without a lock and read in racy after the go statement without a lock`
	})
	return n
}

// Read after the pool's Wait, a join row: quiet.
func joined(p *Pool) int {
	n := 0
	p.Submit(func() {
		n = 1
	})
	p.Wait()
	return n
}

// Another pool's Wait does not wait for p's functions: a race.
func otherPool(p, q *Pool) int {
	n := 0
	p.Submit(func() {
		n = 1 // want `n is written in the goroutine started in otherPool \(line \d+\) without a lock and read in otherPool after the go statement without a lock`
	})
	q.Wait()
	return n
}
