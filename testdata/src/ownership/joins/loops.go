package joins

// Loops of receives: a counted loop that runs at least once receives
// before it leaves, so the path that skips its body does not exist.

// Check is a goroutine body that writes what it is given.
type Check struct{ runs int }

func (c *Check) run(errc chan error) {
	c.runs++
	errc <- nil
}

// ReceiveTwice starts two goroutines in a loop and receives twice in
// another: what follows the receive loop runs after a receive.
func ReceiveTwice(c *Check, fatal func(error)) int {
	errc := make(chan error, 2)
	check := func() { c.run(errc) }
	for i := 0; i < 2; i++ {
		go check()
	}
	for i := 0; i < 2; i++ {
		if err := <-errc; err != nil {
			fatal(err)
		}
	}
	return c.runs
}

// ReceiveEach receives once per goroutine, by the same bound: the first
// loop ran (it started the goroutine), so the second does too.
func ReceiveEach(c *Check, n int) int {
	errc := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() { c.run(errc) }()
	}
	for i := 0; i < n; i++ {
		<-errc
	}
	return c.runs
}

// ReceiveFewer's receive loop may run zero times (m is not the bound of
// the loop that started the goroutines): the read may race.
func ReceiveFewer(c *Check, n, m int) int {
	errc := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() { c.run(errc) }()
	}
	for i := 0; i < m; i++ {
		<-errc
	}
	return c.runs // want `c is read after it was handed to the goroutine started at line \d+`
}

// ReceiveNone's loop never runs.
func ReceiveNone(c *Check) int {
	errc := make(chan error, 1)
	go c.run(errc)
	for i := 0; i < 0; i++ {
		<-errc
	}
	return c.runs // want `c is read after it was handed to the goroutine started at line \d+`
}
