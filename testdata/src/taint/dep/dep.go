// Package dep exports summaries that package user applies.
package dep

type T struct{ next *T }

type Box struct{ item *T }

func (b *Box) Put(t *T) { // want Put:`^summary 0->1\(item\)( writes 0)?$`
	b.item = t
}

func (b *Box) Take() *T { // want Take:`^summary returns 0\(item>\)$`
	return b.item
}

func New() *Box { // want New:`^summary$`
	return &Box{}
}
