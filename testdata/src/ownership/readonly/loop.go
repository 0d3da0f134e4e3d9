package readonly

type counter struct{ n int }

// Every goroutine of the loop increments the same counter: reported when
// the go statement hands it to the next goroutine.
func sameObjectInLoop(n int, done chan bool) {
	c := &counter{}
	for i := 0; i < n; i++ {
		go func() { // want `c is handed to another goroutine after it was handed to the goroutine started at line 10`
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
