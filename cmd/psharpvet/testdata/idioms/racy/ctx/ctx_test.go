package ctx

import (
	"context"
	"testing"
	"time"
)

func TestFetch(t *testing.T) {
	_, _ = FetchWithTimeout(context.Background(), func() (string, error) { time.Sleep(5 * time.Millisecond); return "x", nil }, time.Millisecond)
	time.Sleep(10 * time.Millisecond)
}

func TestRun(t *testing.T) {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	ev := make(chan time.Time)
	go func() {
		for {
			select {
			case ev <- time.Now():
			case <-time.After(20 * time.Millisecond):
				return
			}
		}
	}()
	_ = Run(c, ev)
	time.Sleep(25 * time.Millisecond)
}

func TestConn(t *testing.T) {
	c := Open(context.Background(), 0)
	_ = c.Close()
}
