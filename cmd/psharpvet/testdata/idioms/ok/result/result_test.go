package result

import "testing"

func TestResult(t *testing.T) {
	_ = Analyze([]string{"ab", "c"})
	_ = Split([]int{1, 2, 3, 4})
	ft := Start(func() ([]byte, error) { return []byte("x"), nil })
	_, _ = ft.Wait()
	_, _ = Pair(func() (int, error) { return 1, nil }, func() (int, error) { return 2, nil })
}
