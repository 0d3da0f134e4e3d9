// Package loopvars pins the rule that a range variable captured by the
// loop's closure is a new variable each iteration (Go 1.22): the loop's
// copy of the element into it is construction, not a write that makes
// keeping the variable reachable after sending it a race.
package loopvars

// Case is a test case: sent by value, its copy shares Want.
type Case struct {
	Name string
	Want []int
}

// Shared is a test case copied into one variable for every iteration.
type Shared struct {
	Name string
	Want []int
}

type fake struct{ ch chan Case }

// Do plays the server: it only reads the case it gets.
func (f *fake) Do() []int {
	c := <-f.ch
	return c.Want
}

type sharedFake struct{ ch chan Shared }

func (f *sharedFake) Do() []int {
	c := <-f.ch
	return c.Want
}

func run(name string, f func()) { f() }

// Cases sends each case, from a closure run once per case, to a fake that
// only reads it: quiet.
func Cases(cases []Case) {
	f := &fake{ch: make(chan Case, 1)}
	for _, tc := range cases {
		run(tc.Name, func() {
			f.ch <- tc
			if got := f.Do(); len(got) != len(tc.Want) {
				panic(tc.Name)
			}
		})
	}
}

// SharedCases copies each case into one variable that every closure
// captures: the copy rewrites the variable a closure kept (and may still
// run, for all the analysis knows), so keeping it is reported.
func SharedCases(cases []Shared) {
	f := &sharedFake{ch: make(chan Shared, 1)}
	var tc Shared
	for i := range cases {
		tc = cases[i]
		run(tc.Name, func() {
			f.ch <- tc // want `tc is sent on f.ch but stays reachable from tc`
			if got := f.Do(); len(got) != len(tc.Want) {
				panic(tc.Name)
			}
		})
	}
}
