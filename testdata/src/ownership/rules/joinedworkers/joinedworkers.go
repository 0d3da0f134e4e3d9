// Package joinedworkers pins the rule that a function may keep, in state
// that outlives it, what it hands to goroutines it waits for before it
// returns on every path, when those goroutines hand nothing on.
package joinedworkers

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

type member struct{ up bool }

func (m *member) shutdown() { m.up = false }

type fixture struct {
	members []*member
	stop    chan struct{}
}

// ShutdownAll waits for its workers with a WaitGroup: quiet.
func (f *fixture) ShutdownAll() {
	var wg sync.WaitGroup
	for _, m := range f.members {
		wg.Add(1)
		go func(m *member) {
			defer wg.Done()
			m.shutdown()
		}(m)
	}
	wg.Wait()
}

// ShutdownGroup waits for its workers with an errgroup: quiet.
func (f *fixture) ShutdownGroup() error {
	var g errgroup.Group
	for _, m := range f.members {
		g.Go(func() error {
			m.shutdown()
			return nil
		})
	}
	return g.Wait()
}

// ShutdownFirst waits for its one worker on the channel it closes: quiet.
func (f *fixture) ShutdownFirst() {
	m := f.members[0]
	done := make(chan struct{})
	go func() {
		m.shutdown()
		close(done)
	}()
	<-done
}

// ShutdownUnlessStopped returns on one path without waiting: reported.
func (f *fixture) ShutdownUnlessStopped() {
	var wg sync.WaitGroup
	for _, m := range f.members {
		wg.Add(1)
		go func(m *member) { // want `m is handed to a new goroutine but stays reachable from f.members\[…\]; the goroutine may be using it concurrently`
			defer wg.Done()
			m.shutdown()
		}(m)
	}
	select {
	case <-f.stop:
		return
	default:
	}
	wg.Wait()
}

// ShutdownDetached waits for workers that hand each member to a goroutine
// of their own, which may outlive the wait: reported.
func (f *fixture) ShutdownDetached() {
	var wg sync.WaitGroup
	for _, m := range f.members {
		wg.Add(1)
		go func(m *member) { // want `m is handed to a new goroutine but stays reachable from f.members\[…\]; the goroutine may be using it concurrently`
			defer wg.Done()
			go m.shutdown()
		}(m)
	}
	wg.Wait()
}
