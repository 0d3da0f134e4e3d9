package testfuncs

import "testing"

// Goroutines started by TestA and TestB write the same package-level
// server, but the two tests run one after the other: quiet.
func TestA(t *testing.T) {
	done := make(chan struct{})
	go func() {
		shared.state = 1
		close(done)
	}()
	<-done
}

func TestB(t *testing.T) {
	go func() {
		shared.state = 2
	}()
}

// A helper only tests call runs in them.
func startWriter() {
	go func() {
		shared.state = 3
	}()
}

func TestC(t *testing.T) {
	startWriter()
}

// Two parallel tests run at the same time, but after the sequential
// ones: a race between them only.
func TestP1(t *testing.T) {
	t.Parallel()
	go func() {
		shared.state++ // want `shared.state is read in the goroutine started in TestP1 \(line \d+\) without a lock and written in the goroutine started in TestP2 \(line \d+\) without a lock`
	}()
}

func TestP2(t *testing.T) {
	t.Parallel()
	go func() {
		shared.state = 5
	}()
}

// Two goroutines of one test: a race.
func TestTwo(t *testing.T) {
	go func() {
		counter = 1 // want `counter is written in the goroutine started in TestTwo \(line \d+\) without a lock and written in the goroutine started in TestTwo \(line \d+\) without a lock`
	}()
	go func() {
		counter = 2
	}()
}

var counter int

// A test drives a helper of the "caller holds c.mu" convention itself.
func TestArm(t *testing.T) {
	c := &Conn{}
	c.armLocked()
}
