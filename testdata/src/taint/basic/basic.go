// Package basic checks the summary facts of the taint analysis. Every
// function gets a fact, so every function here has a want. The optional
// "writes" clauses accept summaries with and without the list of ports a
// function writes through, but check it when it is there.
package basic

type T struct {
	x    int
	next *T
}

type S struct {
	p *T
	n int
}

var global *T

// Set links the receiver to its parameter.
func (s *S) Set(p *T) { // want Set:`^summary 0->1\(p\)( writes 0)?$`
	s.p = p
}

// Get returns memory of the receiver.
func (s *S) Get() *T { // want Get:`^summary returns 0\(p>\)$`
	return s.p
}

// Count touches no references.
func (s *S) Count() int { // want Count:`^summary$`
	return s.n
}

// id returns its parameter.
func id(p *T) *T { // want id:`^summary returns 0$`
	return p
}

// fresh returns new memory only.
func fresh() *T { // want fresh:`^summary$`
	return &T{}
}

// clone returns new memory built from ints of its parameter.
func clone(p *T) *T { // want clone:`^summary$`
	return &T{x: p.x}
}

// link makes a reach b.
func link(a, b *T) { // want link:`^summary 0->1\(next\)( writes 0)?$`
	a.next = b
}

// keep stores its parameter in a package-level variable.
func keep(p *T) { // want keep:`^summary G->0( writes G)?$`
	global = p
}

// load returns a package-level pointer.
func load() *T { // want load:`^summary returns G$`
	return global
}

// setVia links through a call of Set.
func setVia(s *S, p *T) { // want setVia:`^summary 0->1\(p\)( writes 0)?$`
	s.Set(p)
}

// second returns its second parameter only.
func second(a, b *T) *T { // want second:`^summary returns 1$`
	return b
}

// either returns one of its parameters.
func either(a, b *T, c bool) *T { // want either:`^summary returns 0 1$`
	if c {
		return a
	}
	return b
}

// add has no references at all.
func add(a, b int) int { // want add:`^summary$`
	return a + b
}

// wrap returns a new object that reaches its parameter.
func wrap(p *T) *T { // want wrap:`^summary returns new 0$`
	return &T{next: p}
}

// wrapTwice returns what wrap makes: new memory on each call too.
func wrapTwice(p *T) *T { // want wrapTwice:`^summary returns new 0$`
	return wrap(wrap(p))
}

// wrapOrSame may return its parameter itself: not new memory.
func wrapOrSame(p *T, again bool) *T { // want wrapOrSame:`^summary returns 0$`
	if again {
		return p
	}
	return wrap(p)
}

// Reset replaces the receiver's pointer with a fresh one: the strong
// update leaves no link to the parameter.
func (s *S) Reset(p *T) { // want Reset:`^summary( writes 0)?$`
	s.p = p
	s.p = &T{}
}

// appendAll may store p into dst's array (when it has room) and returns
// memory of both.
func appendAll(dst []*T, p *T) []*T { // want appendAll:`^summary 0->1\(\[\]\) returns 0 1( writes 0)?$`
	return append(dst, p)
}

// store puts a parameter into a map parameter.
func store(m map[string]*T, p *T) { // want store:`^summary 0->1\(\[\]\)( writes 0)?$`
	m["k"] = p
}

// Ints holds numbers.
type Ints struct{ xs []int }

// CopyInts returns a copy: appending to a slice with no capacity makes a
// new array.
func CopyInts(c *Ints) []int { // want CopyInts:`^summary$`
	return append(c.xs[:0:0], c.xs...)
}

// GrowInts may return the same array.
func GrowInts(c *Ints) []int { // want GrowInts:`^summary returns 0\(xs>\) writes 0$`
	return append(c.xs[:1], c.xs...)
}

// selectCases links what one case received to p and returns what another
// case received: the values of a select's cases are different objects.
func selectCases(a, b chan *T, p *T) *T { // want selectCases:`^summary$`
	select {
	case x := <-a:
		x.next = p
		return nil
	case y := <-b:
		return y
	}
}

// Registry keeps values in a map and a list.
type Registry struct {
	byKey map[string]*T
	list  []*T
}

// Entries returns the map's values in a new slice: what it returns of the
// registry lies at the map's entries.
func (r *Registry) Entries() []*T { // want Entries:`^summary returns new 0\(byKey>\[\]>\)$`
	out := make([]*T, 0, len(r.byKey))
	for _, e := range r.byKey {
		out = append(out, e)
	}
	return out
}

// Lookup returns the value a comma-ok lookup finds.
func (r *Registry) Lookup(k string) *T { // want Lookup:`^summary returns 0\(byKey>\[\]>\)$`
	if e, ok := r.byKey[k]; ok {
		return e
	}
	return nil
}

// Self returns the registry itself: all of it.
func (r *Registry) Self() *Registry { // want Self:`^summary returns 0$`
	return r
}

// Add stores p at the map's entries.
func (r *Registry) Add(k string, p *T) { // want Add:`^summary 0->2\(byKey>\[\]\)( writes 0)?$`
	r.byKey[k] = p
}

// Wrap stores p in a new list: no path of the registry's on entry leads to
// the list, but the registry holds it only at its list field, which
// names the place of the link.
func (r *Registry) Wrap(p *T) { // want Wrap:`^summary 0->1\(list>\[\]\)( writes 0)?$`
	r.list = []*T{p}
}

// replaced copies p and replaces the copy's only reference with new
// memory: the copy reaches nothing of p (a struct is copied field by
// field, so the store replaces what the copy's next held).
func replaced(p *T) *T { // want replaced:`^summary$`
	c := *p
	c.next = &T{}
	return &c
}

// shallow copies p: the copy's next is p's.
func shallow(p *T) *T { // want shallow:`^summary returns new 0\(>\)$`
	c := *p
	return &c
}
