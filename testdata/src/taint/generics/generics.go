// Package generics checks the second summary of generic functions, for
// instances whose type arguments hold no references.
package generics

// Keep appends v to *dst: with a pointer-free v, nothing of v's is kept.
func Keep[E any](dst *[]E, v E) { // want Keep:`^summary 0->1\(>\[\]\) writes 0; for pointer-free type arguments summary writes 0$`
	*dst = append(*dst, v)
}

// KeepAll appends the elements of src to *dst: an append of a slice of a
// type parameter moves its elements as one of its core type ([]E) does,
// so for elements that may be pointers dst then reaches what src's
// point to; with pointer-free elements it reaches nothing of src's.
func KeepAll[S ~[]E, E any](dst *S, src S) { // want KeepAll:`^summary 0->1\(>\[\]\) writes 0; for pointer-free type arguments summary writes 0$`
	*dst = append(*dst, src...)
}

// Ptrs keeps p, of a type whose only term is a pointer: never
// pointer-free, so one summary only.
func Ptrs[T any, P interface{ *T }](dst *[]P, p P) { // want Ptrs:`^summary 0->1\(>\[\]\) writes 0$`
	*dst = append(*dst, p)
}
