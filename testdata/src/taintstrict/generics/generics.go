// Package generics checks, in the strict reading, the second summary of
// generic functions, for instances whose type arguments hold no
// references.
package generics

// DeleteFunc keeps the elements of s that del does not report. Its
// predicate, a call the analysis cannot see, gets the elements: for
// elements that may be pointers, del's captures and s reach each other
// and both are returned; for pointer-free elements, the slice is returned
// alone.
func DeleteFunc[S ~[]E, E any](s S, del func(E) bool) S { // want DeleteFunc:`^summary 0->1 1->0 returns 0 1 writes 0 1; for pointer-free type arguments summary returns 0 writes 0 1$`
	i := 0
	for _, v := range s {
		if !del(v) {
			s[i] = v
			i++
		}
	}
	return s[:i]
}

// Index returns the first element f reports: the result is an element of
// s, which for pointer-free elements reaches nothing.
func Index[E any](s []E, f func(E) bool) E { // want Index:`^summary 0->1 1->0 returns 0 1 writes 0 1; for pointer-free type arguments summary writes 1$`
	for _, v := range s {
		if f(v) {
			return v
		}
	}
	var zero E
	return zero
}

// Deref returns what p points to: P's only term is a pointer, so P is
// never pointer-free, but T may be, and an int read through p reaches
// nothing.
func Deref[T any, P interface{ *T }](p P) T { // want Deref:`^summary returns 0\(>\); for pointer-free type arguments summary$`
	return *p
}

// Number is pointer-free by its terms.
type Number interface{ ~int | ~float64 }

// Apply calls f on n: N is pointer-free whatever its argument, so the
// second summary no longer links f to n's memory; what f returns is still
// taken to be f's.
func Apply[N Number](f func(N) N, n N) N { // want Apply:`^summary 0->1 1->0 returns 0 1 writes 0 1; for pointer-free type arguments summary returns 0 writes 0$`
	return f(n)
}
