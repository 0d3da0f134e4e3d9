// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"cmp"
	"errors"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/factcodec"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// The summaries travel as one package fact rather than a fact per
// function. x/tools re-exports a fact on a method from every package to
// its importers, so a go vet unit decoded, once per direct import, the
// facts on every method below it, each as a gob value of its own with an
// object path to resolve: on std, 6 % of psharpvet's CPU time went to
// decoding facts (x/tools' facts.Decoder.Decode, 5.0 s of 77.8 s of
// samples), nearly all of them summaries the unit never asked for.
// A package fact is one gob value; its summaries are found by name and
// decoded when first asked for. x/tools does not re-export package facts,
// and a go vet unit (as a Bazel nogo action) reads only its direct
// imports' facts, so a package's fact carries, besides its own functions'
// summaries, those of the methods its direct imports' facts carry whose
// types this package's view of its dependencies declares: the set x/tools
// re-exported (facts/facts.go, Set.Encode and Decoder.Decode). A summary
// is looked up among the direct imports' facts only, whatever the driver,
// so that every driver sees the same summaries.

// funcKey names a function or method across packages: its package's
// path, the name of its receiver's type (empty for a function) and its
// own name.
type funcKey struct {
	pkg, recv, name string
}

// keyOf returns the key of obj, a function or a method declared on a
// named type, and false for one that has none: an interface's method, or
// an instance of a generic function or method, which x/tools' facts never
// described either (a fact is on the origin).
func keyOf(obj *types.Func) (funcKey, bool) {
	if obj.Pkg() == nil || obj.Origin() != obj {
		return funcKey{}, false
	}
	k := funcKey{pkg: obj.Pkg().Path(), name: obj.Name()}
	if recv := obj.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return funcKey{}, false
		}
		k.recv = n.Obj().Name()
	}
	return k, true
}

// Summaries is taint's package fact: the encoded summaries of the
// package's functions that importers can call (see exportsSummary) and of
// methods of the packages below it (see the comment above).
type Summaries struct {
	// entries are sorted by key; each holds its summary encoded.
	entries []summaryEntry
	// encoded, if not nil, is the fact as imported, which each reads.
	encoded []byte
}

// A summaryEntry is a function's key and its encoded summary.
type summaryEntry struct {
	key funcKey
	sum []byte
}

// AFact marks Summaries as a fact.
func (*Summaries) AFact() {}

// String summarises the fact for analysistest's package fact checks.
func (*Summaries) String() string { return "taint summaries" }

// summariesFormat is the first byte of an encoded Summaries.
const summariesFormat = 1

// errBadSummaries says the bytes of a Summaries fact are not one this
// version encodes.
var errBadSummaries = errors.New("taint: malformed summaries fact")

// newSummaries returns the fact of the summaries own, keyed by their
// functions, and of carried, entries of imported facts whose keys are
// neither own's nor each other's.
func newSummaries(own map[funcKey]*Summary, carried []summaryEntry) *Summaries {
	s := &Summaries{entries: make([]summaryEntry, 0, len(own)+len(carried))}
	for k, sum := range own {
		s.entries = append(s.entries, summaryEntry{k, appendSummary([]byte{summaryFormat}, sum)})
	}
	s.entries = append(s.entries, carried...)
	slices.SortFunc(s.entries, func(a, b summaryEntry) int { return compareKeys(a.key, b.key) })
	return s
}

func compareKeys(a, b funcKey) int {
	return cmp.Or(cmp.Compare(a.pkg, b.pkg), cmp.Compare(a.recv, b.recv), cmp.Compare(a.name, b.name))
}

// GobEncode encodes s: the bytes it was decoded from, if it was, else
// its entries.
func (s *Summaries) GobEncode() ([]byte, error) {
	if s.encoded != nil {
		return s.encoded, nil
	}
	b := []byte{summariesFormat}
	b = factcodec.AppendLen(b, len(s.entries))
	for _, e := range s.entries {
		b = factcodec.AppendString(b, e.key.pkg)
		b = factcodec.AppendString(b, e.key.recv)
		b = factcodec.AppendString(b, e.key.name)
		b = factcodec.AppendLen(b, len(e.sum))
		b = append(b, e.sum...)
	}
	return b, nil
}

// GobDecode keeps b for each to read. gob may reuse b's memory, hence
// the copy.
func (s *Summaries) GobDecode(b []byte) error {
	if len(b) == 0 || b[0] != summariesFormat {
		return errBadSummaries
	}
	*s = Summaries{encoded: slices.Clone(b)}
	return nil
}

// each calls f with each of s's entries in order: those of an imported
// fact up to the first fault, their keys substrings of one copy of its
// bytes and their summaries slices of them.
func (s *Summaries) each(f func(funcKey, []byte)) {
	if s.encoded == nil {
		for _, e := range s.entries {
			f(e.key, e.sum)
		}
		return
	}
	text := string(s.encoded)
	d := factcodec.NewDecoder(s.encoded, errBadSummaries)
	d.Byte() // summariesFormat, checked by GobDecode
	n := d.Len(4)
	// at returns the substring of text that b, a slice of s.encoded, is.
	at := func(b []byte) string {
		off := len(s.encoded) - d.Remaining() - len(b)
		return text[off : off+len(b)]
	}
	for range n {
		pkg := at(d.Bytes())
		recv := at(d.Bytes())
		name := at(d.Bytes())
		sum := d.Bytes()
		if d.Err != nil {
			return
		}
		f(funcKey{pkg, recv, name}, sum)
	}
}

// decodeSummary decodes an entry's summary, or returns nil if its bytes
// do not decode (as if the fact were missing).
func decodeSummary(b []byte) *Summary {
	s, ok := (&Summary{encoded: b}).decoded()
	if !ok {
		return nil
	}
	return s
}

// importedSummary returns the summary of obj, a function of another
// package, from the Summaries facts of the direct imports
// (importedEntries). ok is false if no fact has it or its bytes do not
// decode.
func (sv *solver) importedSummary(obj *types.Func) (s *Summary, ok bool) {
	k, ok := keyOf(obj)
	if !ok {
		return nil, false
	}
	if s, ok := sv.imported[k]; ok {
		return s, s != nil
	}
	if b, found := sv.res.importedEntry(k); found {
		s = decodeSummary(b)
	}
	if sv.imported == nil {
		sv.imported = make(map[funcKey]*Summary)
	}
	sv.imported[k] = s
	return s, s != nil
}

// importedEntry returns the encoded summary of the function k of another
// package that the direct imports' facts carry.
func (r *Result) importedEntry(k funcKey) ([]byte, bool) {
	if k.recv == "" {
		b, ok := r.importedFuncs[k]
		return b, ok
	}
	i, ok := slices.BinarySearchFunc(r.methods, k, func(e summaryEntry, k funcKey) int { return compareKeys(e.key, k) })
	if !ok {
		return nil, false
	}
	return r.methods[i].sum, true
}

// importedEntries returns the entries of the Summaries facts of pass's
// direct imports: by key those of functions, and, sorted by key, those of
// methods declared on types of the package's view of its dependencies,
// which are the summaries this package's fact carries on (x/tools would
// have re-exported the per-method facts of those and only those). A key
// two imports carry keeps the first's summary (of the imports in path
// order).
func importedEntries(pass *analysis.Pass) (funcs map[funcKey][]byte, methods []summaryEntry) {
	imports := slices.SortedFunc(slices.Values(pass.Pkg.Imports()), func(p, q *types.Package) int { return cmp.Compare(p.Path(), q.Path()) })
	declared := viewMethods(pass.Pkg)
	funcs = make(map[funcKey][]byte)
	seen := make(map[funcKey]bool)
	for _, imp := range imports {
		var f Summaries
		if !pass.ImportPackageFact(imp, &f) {
			continue
		}
		f.each(func(k funcKey, sum []byte) {
			switch {
			case k.recv == "":
				if _, ok := funcs[k]; !ok {
					funcs[k] = sum
				}
			case !seen[k] && declared(k):
				seen[k] = true
				methods = append(methods, summaryEntry{k, sum})
			}
		})
	}
	slices.SortFunc(methods, func(a, b summaryEntry) int { return compareKeys(a.key, b.key) })
	return funcs, methods
}

// viewMethods returns a function that reports whether pkg's view of its
// dependencies (the packages its imports reach) declares the method k.
func viewMethods(pkg *types.Package) func(k funcKey) bool {
	view := ssaops.VisiblePackages(pkg)
	methods := make(map[*types.Named]map[string]bool)
	return func(k funcKey) bool {
		p := view[k.pkg]
		if p == nil {
			return false
		}
		tn, ok := p.Scope().Lookup(k.recv).(*types.TypeName)
		if !ok {
			return false
		}
		n, ok := types.Unalias(tn.Type()).(*types.Named)
		if !ok {
			return false
		}
		names, ok := methods[n]
		if !ok {
			names = make(map[string]bool)
			for m := range n.Methods() {
				names[m.Name()] = true
			}
			methods[n] = names
		}
		return names[k.name]
	}
}
