package ctx

import (
	"context"
	"fmt"
	"time"
)

// On timeout the caller reads the variable the goroutine is still writing.
func FetchWithTimeout(ctx context.Context, slow func() (string, error), d time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var res string
	var err error
	done := make(chan struct{})
	go func() {
		res, err = slow()
		close(done)
	}()
	select {
	case <-done:
		return res, err
	case <-ctx.Done():
		return res, fmt.Errorf("timeout: %w", ctx.Err()) // race:
	}
}

type Stats struct {
	Count int
	Last  time.Time
}

// Run returns the stats as soon as the context ends, without waiting for the loop.
func Run(ctx context.Context, events <-chan time.Time) Stats {
	st := &Stats{}
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case e := <-events:
				st.Count++
				st.Last = e
			}
		}
	}()
	<-ctx.Done()
	return *st // race:
}

// Watcher goroutine cancels and records the reason in a shared field.
type Conn struct {
	closeReason string
	cancel      context.CancelFunc
}

func Open(ctx context.Context, idle time.Duration) *Conn {
	ctx, cancel := context.WithCancel(ctx)
	c := &Conn{cancel: cancel}
	go func() {
		select {
		case <-time.After(idle):
			c.closeReason = "idle" // race:
			cancel()
		case <-ctx.Done():
		}
	}()
	return c
}

func (c *Conn) Close() string {
	c.cancel()
	return c.closeReason
}
