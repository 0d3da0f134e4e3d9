package copyslice

import "testing"

func TestCopy(t *testing.T) {
	b := NewBatcher(2)
	done := make(chan struct{})
	go func() {
		for range b.out {
		}
		close(done)
	}()
	for range 10 {
		b.Add("x")
	}
	b.Add("y")
	b.Flush()
	close(b.out)
	<-done
	ch := make(chan []int)
	go Rounds(5, ch)
	for range ch {
	}
	d := make(chan int)
	Report(map[string]int{"a": 1}, d)
	<-d
	s := make(chan string)
	Launch(&Opts{Name: "a"}, s)
	<-s
}
