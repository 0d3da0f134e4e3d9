package pending

// GoSameObjectInLoop is racy: every goroutine increments the same j.id.
// The partition exemption covers slices only; j is a *Job.
//
// Expected: "j is handed to another goroutine after it was handed to the
// goroutine started at line N; the goroutine may be using it
// concurrently" at the go statement.
// Actual: no diagnostic. The function literal is made anew on each
// iteration, and the walker treats a MakeClosure made after the transfer
// as fresh memory, so handing it to the next goroutine is not a use,
// although what it captures is the job handed to the previous one (the
// same cause as ClosureAfterSend).
func GoSameObjectInLoop(n int, done chan bool) {
	j := &Job{}
	for i := 0; i < n; i++ {
		go func() {
			j.id++
			done <- true
		}()
	}
}
