package concur

import (
	_ "embed"
	"flag"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/model"
)

//go:embed doc.go
var doc string

// Analyzer provides the concurrency model: the default rows plus those of
// its flags.
var Analyzer = &analysis.Analyzer{
	Name:       "concur",
	Doc:        analysisdoc.MustExtract(doc, "concur"),
	URL:        "https://pkg.go.dev/github.com/psharpvet/psharpvet/passes/concur",
	Run:        run,
	ResultType: reflect.TypeFor[*model.Model](),
}

// The user's rows, one flag per kind, in the style of printf's -funcs.
var (
	sendRows  = model.RowsFlag{Kind: model.Transfer}
	spawnRows = model.RowsFlag{Kind: model.Spawn}
	joinRows  = model.RowsFlag{Kind: model.Join}
)

func init() {
	Analyzer.Flags.Var(&sendRows, "send", "declare a call that gives up an argument: `pkg.F:N` or `(*pkg.T).M:N` (repeatable, or ';'-separated)")
	Analyzer.Flags.Var(&spawnRows, "spawn", "declare a call that runs its argument N on another goroutine: `pkg.F:N`")
	Analyzer.Flags.Var(&joinRows, "join", "declare a method that waits for the goroutines started on its receiver: `(*pkg.T).M`")
}

var _ flag.Value = &sendRows

func run(pass *analysis.Pass) (any, error) {
	m := model.Default()
	m.Add(sendRows.Rows...)
	m.Add(spawnRows.Rows...)
	m.Add(joinRows.Rows...)
	return m, nil
}
