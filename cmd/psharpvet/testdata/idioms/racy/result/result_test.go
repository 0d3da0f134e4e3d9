package result

import (
	"testing"
	"time"
)

func TestAnalyze(t *testing.T) { _ = Analyze([]string{"a", "b"}) }

func TestFailed(t *testing.T) {
	ft := Start(func() ([]byte, error) { return nil, nil })
	_ = ft.Failed()
	_, _ = ft.Wait()
}

func TestPair(t *testing.T) {
	_, _ = Pair(func() (int, error) { return 1, nil }, func() (int, error) { time.Sleep(time.Millisecond); return 2, nil })
	time.Sleep(2 * time.Millisecond)
}
