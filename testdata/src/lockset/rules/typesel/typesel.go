package typesel // want package:"lockset summaries"

import "sync"

// This package pins the dynamic type of an interface argument: a callee
// that switches on its parameter's type reaches the fields of the case
// the argument's type selects, not the fields of the same names of the
// other cases (go/types' typeWriter, handed a *Named, never reads an
// Interface's methods).

type Type interface{ String() string }

// Named guards its methods with mu.
type Named struct {
	mu      sync.Mutex
	name    string
	methods []string
}

// Interface has a field of the same name, but no lock.
type Interface struct {
	methods []string
}

func (t *Named) String() string     { return t.name }
func (t *Interface) String() string { return "interface" }

// AddMethod writes t.methods under t.mu.
func (t *Named) AddMethod(m string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.methods = append(t.methods, m)
}

// write renders a type: an Interface by its methods, a Named by its name.
func write(t Type) int {
	switch t := t.(type) {
	case *Interface:
		return len(t.methods)
	case *Named:
		return len(t.name)
	}
	return 0
}

// Describe hands write its *Named, whose case reads only t.name. Quiet.
func (t *Named) Describe() int { return write(t) }

// count counts the methods of either type.
func count(t Type) int {
	switch t := t.(type) {
	case *Interface:
		return len(t.methods)
	case *Named:
		return len(t.methods) // want `t.methods is read in \(\*Named\).Count via count without a lock and written in \(\*Named\).AddMethod holding t.mu`
	}
	return 0
}

// Count hands count its *Named, whose case reads t.methods without t.mu.
// Reported.
func (t *Named) Count() int { return count(t) }

// Lookup asserts the type itself, through a comma-ok assertion: the
// Named case reads t.methods. Reported.
func (t *Named) Lookup() int {
	var x Type = t
	if n, ok := x.(*Named); ok {
		return len(n.methods) // want `t.methods is read in \(\*Named\).Lookup without a lock and written in \(\*Named\).AddMethod holding t.mu`
	}
	return 0
}
