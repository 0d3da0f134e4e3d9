package ctx

import (
	"context"
	"errors"
	"time"
)

type Reading struct {
	Sensor string
	Value  float64
}

// Poll reads until the context is cancelled.
func Poll(ctx context.Context, read func() Reading, out chan<- Reading) error {
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			r := read()
			select {
			case out <- r:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// FetchWithTimeout runs a slow call in a goroutine and waits with a timeout.
func FetchWithTimeout(ctx context.Context, slow func() (string, error), d time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	type res struct {
		s   string
		err error
	}
	ch := make(chan res, 1) // buffered so the goroutine never leaks
	go func() {
		s, err := slow()
		ch <- res{s, err}
	}()
	select {
	case r := <-ch:
		return r.s, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// FirstOf returns the first successful result of several replicas.
func FirstOf(ctx context.Context, replicas []func(context.Context) (string, error)) (string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan string, len(replicas))
	errs := make(chan error, len(replicas))
	for _, r := range replicas {
		go func() {
			s, err := r(ctx)
			if err != nil {
				errs <- err
				return
			}
			results <- s
		}()
	}
	var lastErr error
	for range replicas {
		select {
		case s := <-results:
			return s, nil
		case err := <-errs:
			lastErr = err
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return "", errors.Join(lastErr)
}

// Worker with a stop context and a result pointer filled before returning on done.
type Stats struct {
	Count int
	Last  time.Time
}

func Run(ctx context.Context, events <-chan time.Time) *Stats {
	st := &Stats{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case e, ok := <-events:
				if !ok {
					return
				}
				st.Count++
				st.Last = e
			}
		}
	}()
	<-done
	return st
}
