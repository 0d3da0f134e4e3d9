package ctx

import (
	"context"
	"testing"
	"time"
)

func TestCtx(t *testing.T) {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	out := make(chan Reading, 100)
	_ = Poll(c, func() Reading { return Reading{"s", 1} }, out)
	_, _ = FetchWithTimeout(context.Background(), func() (string, error) { return "x", nil }, time.Second)
	_, _ = FirstOf(context.Background(), []func(context.Context) (string, error){
		func(context.Context) (string, error) { return "a", nil },
		func(context.Context) (string, error) { return "b", nil },
	})
	ev := make(chan time.Time, 3)
	ev <- time.Now()
	ev <- time.Now()
	close(ev)
	_ = Run(context.Background(), ev)
}
