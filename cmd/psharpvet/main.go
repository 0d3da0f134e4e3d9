// Command psharpvet checks that message-passing Go code is free of data
// races: memory sent to another goroutine is not used afterwards
// (ownership), and memory shared under locks is accessed under a common
// lock (lockset).
//
// Run it on packages, or as a vet tool:
//
//	psharpvet ./...
//	go vet -vettool=$(which psharpvet) ./...
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
)

func main() {
	multichecker.Main(
		// concur reports nothing; it is listed so that its -concur.spawn,
		// -concur.join and -concur.send flags reach the passes requiring it.
		concur.Analyzer,
		ownership.Analyzer,
		lockset.Analyzer,
	)
}
