package chanorder

// A counted receive loop waits for every goroutine that sends on the
// channel only if nothing else can complete its receives (chanSenders):
// a goroutine that sends twice, a send of the spawner before the loop, a
// goroutine that hands the channel to a callee, and a close still race;
// a literal that captures the channel after the loop does not.

// The first goroutine sends twice: the two receives may take both. A
// race.
func countedTwice() int {
	done := make(chan bool, 3)
	var b int
	go func() {
		done <- true
		done <- true
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in countedTwice \(line \d+\) without a lock and read in countedTwice after the go statement without a lock`
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return b
}

// The spawner sends before the loop. A race.
func countedOwnSend() int {
	done := make(chan bool, 3)
	var a, b int
	go func() {
		a = 1 // want `a is written in the goroutine started in countedOwnSend \(line \d+\) without a lock and read in countedOwnSend after the go statement without a lock`
		done <- true
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in countedOwnSend \(line \d+\) without a lock and read in countedOwnSend after the go statement without a lock`
		done <- true
	}()
	done <- true
	for i := 0; i < 2; i++ {
		<-done
	}
	return a + b
}

// A goroutine hands the channel to a callee, which sends twice. A race.
func countedHanded() int {
	done := make(chan bool, 3)
	var b int
	go func() {
		relayTwice(done)
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in countedHanded \(line \d+\) without a lock and read in countedHanded after the go statement without a lock`
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return b
}

func relayTwice(ch chan bool) { ch <- true; ch <- true }

// A goroutine closes the channel: every receive completes. A race.
func countedClosed() int {
	done := make(chan bool, 2)
	var b int
	go func() {
		close(done)
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in countedClosed \(line \d+\) without a lock and read in countedClosed after the go statement without a lock`
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return b
}

// The spawner sends and closes after the loop only. Quiet.
func countedThenClose() int {
	done := make(chan bool, 2)
	var a, b int
	go func() {
		a = 1
		done <- true
	}()
	go func() {
		b = 2
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	done <- true
	close(done)
	return a + b
}

// The spawner defers the close: it runs when the spawner returns, after
// the loop. Quiet.
func countedDeferClose() int {
	done := make(chan bool, 2)
	defer close(done)
	var a, b int
	go func() {
		a = 1
		done <- true
	}()
	go func() {
		b = 2
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return a + b
}

// The same with a deferred literal that captures the channel. Quiet.
func countedDeferLit() int {
	done := make(chan bool, 2)
	defer func() { close(done) }()
	var a, b int
	go func() {
		a = 1
		done <- true
	}()
	go func() {
		b = 2
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return a + b
}
