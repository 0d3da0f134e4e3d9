package gosafe // want package:"lockset summaries"

// This package starts functions on goroutines that recover their panics:
// a spawning wrapper its importers see through the summary fact.

// Go runs f on a goroutine of its own.
func Go(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Call runs f and returns: not a wrapper.
func Call(f func()) {
	defer func() { _ = recover() }()
	f()
}
