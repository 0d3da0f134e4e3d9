// Package shared checks the Shared facts of the concur analyzer: types
// documented safe for concurrent use or declared shared, and the
// placement of the directive.
package shared

import "sync"

// Cache is safe for concurrent use by multiple goroutines.
type Cache struct{ m map[string]int } // want Cache:`shared\(documented\)`

// Pool is goroutine-safe.
type Pool struct{ free []int } // want Pool:`shared\(documented\)`

// Buffer is not safe for concurrent use.
type Buffer struct{ b []byte }

// Builder is not thread-safe: use one per goroutine.
type Builder struct{ parts []string }

// Table is guarded by its owner's lock.
//
//psharpvet:shared
type Table struct{ rows []int } // want Table:`shared\(declared\)`

type (
	// Grid is safe to use concurrently.
	Grid struct{ cells []int } // want Grid:`shared\(documented\)`

	// Plain says nothing.
	Plain struct{ n []int }
)

//psharpvet:shared // want `misplaced directive: //psharpvet:shared must be in the doc comment of a type declaration`
func F() {}

// Odd has an argument.
//
//psharpvet:shared yes // want `malformed directive: //psharpvet:shared takes no arguments`
type Odd struct{ n []int }

// Store guards its map with a lock it holds by pointer and takes in a
// method: locked.
type Store struct { // want Store:`shared\(locked\)`
	mu *sync.RWMutex
	m  map[string]int
}

func (s *Store) Get(k string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[k]
}

// Tally holds a pointer to a lock no method takes: not marked.
type Tally struct {
	mu   *sync.Mutex
	hist []int
}

func (t *Tally) Add(v int) { t.hist = append(t.hist, v) }

// Owned takes a lock of another object, not its own: not marked.
type Owned struct {
	owner *Store
	n     int
}

func (o *Owned) Bump() {
	o.owner.mu.Lock()
	o.n++
	o.owner.mu.Unlock()
}
