package sharedbuf

import (
	"bytes"
	"fmt"
	"sync"
)

func RenderF(parts []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Go(func() {
			fmt.Fprintf(&b, "<%s>", p) // race:
		})
	}
	wg.Wait()
	return b.String()
}

func RenderW(parts []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Go(func() {
			b.WriteString(p) // race:
		})
	}
	wg.Wait()
	return b.String()
}
