package report // want package:"lockset summaries"

// This package writes reports to an io.Writer its callers give it: its
// summaries say which parameter it writes through (Summary.Invokes), for
// the callers that know the writer's type.

import (
	"fmt"
	"io"
)

// Line writes one line to w.
func Line(w io.Writer, key string, n int) {
	fmt.Fprintf(w, "%s=%d\n", key, n)
}

// Lines writes every line through Line.
func Lines(w io.Writer, m map[string]int) {
	for k, n := range m {
		Line(w, k, n)
	}
}
