// Package shared checks the Shared facts of the concur analyzer: types
// documented safe for concurrent use or declared shared, and the
// placement of the directive.
package shared

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
