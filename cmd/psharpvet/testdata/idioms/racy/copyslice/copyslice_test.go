package copyslice

import (
	"testing"
)

func TestAdd(t *testing.T) {
	b := NewBatcher(2)
	done := make(chan struct{})
	go func() {
		for batch := range b.out {
			for _, s := range batch {
				_ = s
			}
		}
		close(done)
	}()
	for range 100 {
		b.Add("x")
	}
	close(b.out)
	<-done
}

func TestReport(t *testing.T) {
	d := make(chan int)
	Report(map[string]int{"a": 1}, d)
	<-d
}

func TestPublish(t *testing.T) {
	out := make(chan []int, 1)
	done := make(chan struct{})
	go func() { s := <-out; _ = s[0] + s[1] + s[2]; close(done) }()
	Publish([]int{3, 2, 1}, out)
	<-done
}

func TestEmit(t *testing.T) {
	out := make(chan Event, 1)
	done := make(chan struct{})
	go func() { e := <-out; _ = e.Labels["x"]; close(done) }()
	Emit(Event{Name: "a", Labels: map[string]string{}}, out)
	<-done
}
