package afterlocal

import "time"

func RetryLater(d time.Duration, f func() error) func() error {
	var lastErr error
	time.AfterFunc(d, func() {
		lastErr = f() // race:
	})
	return func() error { return lastErr }
}
