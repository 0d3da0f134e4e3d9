package broadcast

import (
	"testing"
	"time"
)

func TestLoader(t *testing.T) { l := Load(); _, _ = l.Get("k") }
func TestStop(t *testing.T)   { s := NewService(); time.Sleep(time.Millisecond); _ = s.Stop() }
func TestAddr(t *testing.T) {
	for range 10 {
		s := StartServer()
		_ = s.Addr()
	}
}
