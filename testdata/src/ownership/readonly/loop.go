package readonly

type counter struct{ n int }

// Every goroutine of the loop increments the same counter: a race between
// instances of one goroutine, which the lockset pass reports (c.n).
func sameObjectInLoop(n int, done chan bool) {
	c := &counter{}
	for i := 0; i < n; i++ {
		go func() {
			c.n++
			done <- true
		}()
	}
}

// Every goroutine only reads the shared counter: quiet.
func readersInLoop(n int, done chan bool) {
	c := &counter{n: 1}
	for i := 0; i < n; i++ {
		go func() {
			println(c.n)
			done <- true
		}()
	}
}

// A fresh counter per goroutine: quiet.
func freshInLoop(n int, done chan bool) {
	for i := 0; i < n; i++ {
		c := &counter{}
		go func() {
			c.n++
			done <- true
		}()
	}
}
