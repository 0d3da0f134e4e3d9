package pending

type T struct{ x int }

// ClosureAfterSend is racy: the literal writes the map that was sent.
//
// Expected: "m is passed to a function literal after it was sent on ch
// (line N); the receiver may be using it concurrently" at f() (or a report
// at the literal).
// Actual: no diagnostic. The walker marks a MakeClosure made after the
// transfer as fresh memory, so calling it is not a use, although what it
// captures is the transferred map.
func ClosureAfterSend(ch chan map[int]int) {
	m := map[int]int{}
	ch <- m
	f := func() { m[1] = 1 }
	f()
}

// DeferLiteralAfterSend is racy: the deferred literal writes p after it
// was sent.
//
// Expected: "p is passed to a function literal after it was sent on ch
// (line N); the receiver may be using it concurrently" at the defer.
// Actual: no diagnostic, for the same reason as ClosureAfterSend.
func DeferLiteralAfterSend(ch chan *T) {
	p := &T{}
	ch <- p
	defer func() {
		p.x = 1
	}()
}
