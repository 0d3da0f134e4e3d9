package more

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestMore(t *testing.T) {
	tb := &Table{}
	BuildAndServe(tb)
	var l Lazy
	s := NewStore()
	r := &Registry{items: map[string]int{}}
	c := &Conn{}
	kl := &KeyLocks{locks: map[string]*sync.Mutex{}, vals: map[string]*int{}}
	j := &Job{}
	ctx, cancel := context.WithCancel(context.Background())
	stop := j.Watch(ctx)
	defer stop()
	var lg Log
	var d Dir
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = l.Get()
			s.Set("a", i)
			_ = s.Get("a")
			r.AddAll([]string{"a", "b"})
			_ = r.Count("a")
			c.SetState(i)
			_ = c.State()
			kl.Incr("a")
			_, _ = tb.Lookup("a")
			_ = j.Canceled()
			lg.Append("x")
			_ = lg.Lines()
			d.Add("n")
			_ = d.Count()
		}()
	}
	cancel()
	wg.Wait()
	p := StartPoller(context.Background())
	time.Sleep(3 * time.Millisecond)
	_ = p.Close()
	_ = SendAndWait([]string{"a"})
}
