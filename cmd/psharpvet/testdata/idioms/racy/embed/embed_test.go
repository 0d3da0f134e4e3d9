package embed

import (
	"sync"
	"testing"
)

func TestInc(t *testing.T) {
	c := NewCounter()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Inc("a") }()
	}
	wg.Wait()
}

func TestSnapshot(t *testing.T) {
	s := &Stats{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.Record(true) }()
	go func() { defer wg.Done(); st := s.Snapshot(); _ = st.Requests }()
	wg.Wait()
}

func TestDescribe(t *testing.T) {
	r := &Resource{Name: "r"}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); r.AddTag("x") }()
	go func() { defer wg.Done(); _ = r.Describe() }()
	wg.Wait()
}
