package readonly

type Info struct{ Name string }

// Each element of the page is a different object: quiet.
func sendEach(ch chan *Info, page []*Info) {
	for _, info := range page {
		if info.Name == "" {
			continue
		}
		ch <- info
	}
}

// The same element sent on every iteration: reported.
func sendFirst(ch chan *Info, page []*Info) {
	for range page {
		ch <- page[0] // want `page\[0\] is sent again on ch after it was sent on ch \(line 18\) in an earlier iteration`
	}
}

func newInfo(i int) *Info { return &Info{Name: string(rune('a' + i))} }

// A constructor call in a loop returns new memory each time: quiet.
func sendNew(ch chan *Info) {
	for i := 0; i < 3; i++ {
		ch <- newInfo(i)
	}
}

func pick(page []*Info) *Info { return page[0] }

// A call that returns memory of its argument does not: reported.
func sendPicked(ch chan *Info, page []*Info) {
	for i := 0; i < 3; i++ {
		ch <- pick(page) // want `pick\(page\) is sent again on ch after it was sent on ch \(line 36\) in an earlier iteration`
	}
}

type msg struct{ n int }

// Only the path on which the case sent the message is after the
// transfer: the default branch still owns it. Quiet.
func trySend(ch chan *msg) {
	m := &msg{}
	select {
	case ch <- m:
		return
	default:
	}
	m.n = 0
}

// After the sending case, a write is reported.
func sendThenWrite(ch chan *msg, quit chan bool) {
	m := &msg{}
	select {
	case ch <- m:
	case <-quit:
	}
	m.n = 1 // want `m is written after it was sent on ch`
}

// tag is the receiving side of the channels of *Info above; it writes
// what it receives, so sending one Info twice races.
func tag(ch chan *Info) {
	for info := range ch {
		info.Name += "!"
	}
}
