package loopvars // want package:` written\(fieldwrites/loopvars.Reused.\*, fieldwrites/loopvars.Rewritten.\*\)}$`

// A range variable that a closure of the loop captures is a new variable
// each iteration (Go 1.22): the loop's copy of the element into it builds
// it, though the previous iteration's closure published the previous one.
type PerIteration struct{ name string }

// Reused is copied into one variable declared before the loop, which
// every closure captures: the copy overwrites a published variable.
type Reused struct{ name string }

// Rewritten is copied into a new variable each iteration, then
// overwritten after the closure captured it.
type Rewritten struct{ name string }

func each(f func()) { f() }

func Fresh(xs []PerIteration) {
	for _, x := range xs {
		each(func() { _ = x.name })
	}
}

func Shared(xs []Reused) {
	var x Reused
	for i := range xs {
		x = xs[i]
		each(func() { _ = x.name })
	}
}

func Late(xs []Rewritten) {
	for _, x := range xs {
		each(func() { _ = x.name })
		x = Rewritten{}
		_ = x
	}
}
