// Package callwrites pins the rule that what a call writes of its
// arguments is the places its callees' summaries name, followed through
// the caller's heap: fmt's printer writes its own buffer, one pointer
// below it, and holds the value it prints, also one pointer below, but
// writes only the buffer.
package callwrites

import "fmt"

type Request struct {
	ID   int
	Name string
}

func check(r *Request) error {
	if r.ID < 0 {
		return fmt.Errorf("bad request %v", r)
	}
	return nil
}

func rename(r *Request) error {
	r.Name = fmt.Sprintf("request %d", r.ID)
	return nil
}

// Validate hands a request to two goroutines that format it: both only
// read it, quiet.
func Validate(r *Request, out chan error) {
	go func() { out <- check(r) }()
	go func() { out <- check(r) }()
}

// Rename hands a request to two goroutines that write its name.
func Rename(r *Request, out chan error) {
	go func() { out <- rename(r) }()
	go func() { out <- rename(r) }() // want `r is handed to another goroutine after it was handed to the goroutine started at line \d+`
}
