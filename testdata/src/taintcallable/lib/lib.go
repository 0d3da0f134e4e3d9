// Package lib checks that, with -callable, the taint analysis exports the
// summaries only of the functions other packages can call: exported
// functions, and methods with exported names, of exported types or not
// (TestCallable). Every function without a want has no fact.
package lib

type T struct{ next *T }

// Box holds an item.
type Box struct{ item *T }

// Put is exported: its summary, made from put's, is a fact.
func (b *Box) Put(t *T) { // want Put:`^summary 0->1\(item\)( writes 0)?$`
	b.put(t)
}

// put is not exported: no fact.
func (b *Box) put(t *T) {
	b.item = t
}

// New is exported.
func New() *Box { // want New:`^summary$`
	return newBox()
}

// newBox is not.
func newBox() *Box {
	return &Box{}
}

// holder is unexported, but the exported name of its method lets an
// importer call it through an interface.
type holder struct{ t *T }

func (h *holder) Get() *T { // want Get:`^summary returns 0\(t>\)$`
	return h.t
}

func (h *holder) get() *T {
	return h.t
}
