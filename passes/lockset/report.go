// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// reporter collects races and emits each once, in position order.
type reporter struct {
	fset  *token.FileSet
	races []race
	seen  map[[2]int]int // index in races of the race reported for a pair of positions
}

func (r *reporter) add(x race) {
	// Report at the less protected access: that is where a lock is
	// most likely missing. Ties go to the non-atomic access, then to the
	// first in the file.
	if len(x.b.locks) < len(x.a.locks) ||
		len(x.b.locks) == len(x.a.locks) && (x.a.atomic && !x.b.atomic ||
			x.a.atomic == x.b.atomic && ssaops.ComparePos(r.fset, x.b.pos, x.a.pos) < 0) {
		x.a, x.b, x.ea, x.eb = x.b, x.a, x.eb, x.ea
	}
	k := [2]int{int(x.a.pos), int(x.b.pos)}
	if k[0] > k[1] {
		k[0], k[1] = k[1], k[0]
	}
	if i, ok := r.seen[k]; ok {
		if r.races[i].rerun && !x.rerun {
			r.races[i] = x // the same accesses, named by the better pair
		}
		return
	}
	r.seen[k] = len(r.races)
	r.races = append(r.races, x)
}

// flush reports the races found, in source order, through report.
func (r *reporter) flush(pass *analysis.Pass, report func(analysis.Diagnostic)) {
	// Sort by file name and offset, not token.Pos: file bases depend on
	// the order in which files entered the FileSet, which a concurrent
	// loader does not fix.
	cmpPos := func(p, q token.Pos) int { return ssaops.ComparePos(pass.Fset, p, q) }
	slices.SortStableFunc(r.races, func(x, y race) int {
		return cmp.Or(cmpPos(x.a.pos, y.a.pos), cmpPos(x.b.pos, y.b.pos), cmp.Compare(x.a.disp, y.a.disp))
	})
	reported := make(map[string]bool)
	lines := make(map[string][]string) // locations reported, by line
	lineOf := func(a *epAccess) string {
		return fmt.Sprint(pass.Fset.Position(a.pos).Line, pass.Fset.File(a.pos).Name())
	}
	// within reports whether a is a field of a location already
	// reported on its line: mb.cache.buf where mb.cache is, which names
	// the object the line reaches (len(mb.cache.buf) - mb.cache.wp is one
	// report). The elements of a map or slice stay apart from the field
	// that holds it: writing them is another mistake than reading it.
	within := func(a *epAccess) bool {
		return slices.ContainsFunc(lines[lineOf(a)], func(d string) bool {
			return len(a.disp) > len(d) && strings.HasPrefix(a.disp, d) && a.disp[len(d)] == '.'
		})
	}
	for _, x := range r.races {
		// One diagnostic per line and location; if the preferred access
		// already has one, report this race at its partner instead.
		lineKey := func(a *epAccess) string { return lineOf(a) + " " + a.disp }
		if within(x.a) {
			continue
		}
		if reported[lineKey(x.a)] {
			if reported[lineKey(x.b)] || within(x.b) || len(x.b.locks) > len(x.a.locks) {
				continue
			}
			x.a, x.b, x.ea, x.eb = x.b, x.a, x.eb, x.ea
		}
		reported[lineKey(x.a)] = true
		lines[lineOf(x.a)] = append(lines[lineOf(x.a)], x.a.disp)
		eb := x.eb
		switch {
		case x.instances && strings.HasPrefix(eb, "the goroutine"):
			eb = "another instance of " + strings.TrimPrefix(eb, "the ")
		case x.instances:
			eb += " of another instance"
		case x.sameThread && !strings.HasPrefix(eb, "another "):
			eb = "another call of " + eb
		}
		msg := fmt.Sprintf("%s is %s in %s%s %s and %s in %s%s %s",
			x.a.disp, verb(x.a), x.ea, via(x.a, x.ea), held(x.a),
			verb(x.b), eb, via(x.b, x.eb), held(x.b))
		report(analysis.Diagnostic{
			Pos:      x.a.pos,
			Category: catRace,
			Message:  msg,
			Related: append(append(append(callPath(x.a, x.ea), callPath(x.b, eb)...), analysis.RelatedInformation{
				Pos:     x.b.pos,
				Message: fmt.Sprintf("%s %s here %s", x.b.disp, verb(x.b), held(x.b)),
			}), x.notes...),
		})
	}
}

// callPath lists the calls through which the entry point reaches a,
// outermost first.
func callPath(a *epAccess, entry string) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for c := a.calls; c != nil; c = c.next {
		out = append(out, analysis.RelatedInformation{
			Pos:     c.pos,
			Message: fmt.Sprintf("calls %s here, on the path from %s to the %s of %s", c.callee, entry, noun(a), a.disp),
		})
	}
	return out
}

// An accessWord is how a report names a kind of access.
type accessWord struct{ verb, noun string }

var accessWords = [2][2]accessWord{ // [atomic][write]
	{{"read", "read"}, {"written", "write"}},
	{{"read atomically", "atomic read"}, {"written atomically", "atomic write"}},
}

func words(a *epAccess) accessWord { return accessWords[b2i(a.atomic)][b2i(a.write)] }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// verb names the kind of access a is, as a participle ("written").
func verb(a *epAccess) string { return words(a).verb }

// noun names the kind of access a is ("write").
func noun(a *epAccess) string { return words(a).noun }

// via names the helper containing an access when it is not the entry
// point itself, since that is where the fix goes.
func via(a *epAccess, entry string) string {
	if a.fn == "" || strings.Contains(entry, a.fn) || strings.HasPrefix(a.fn, "the func literal") {
		return ""
	}
	return " via " + a.fn
}

// held says what a holds: its locks ("holding s.mu and t.mu (read)"),
// then the pseudo-locks of a once.Do it runs in ("inside c.once.Do") and
// of a one-shot CompareAndSwap or Swap it won ("after winning
// tx.done.CompareAndSwap"); "without a lock" if nothing.
func held(a *epAccess) string {
	var locks, within []string
	for _, l := range a.locks {
		switch {
		case l.once:
			within = append(within, "inside "+l.disp+".Do")
		case l.cas:
			within = append(within, "after winning "+l.disp+"."+l.winOp)
		case l.lastRef:
			within = append(within, "after "+l.disp+" reached zero")
		case l.read:
			locks = append(locks, l.disp+" (read)")
		default:
			locks = append(locks, l.disp)
		}
	}
	if len(locks) == 0 && len(within) == 0 {
		return "without a lock"
	}
	var parts []string
	if len(locks) > 0 {
		parts = append(parts, "holding "+strings.Join(locks, " and "))
	}
	return strings.Join(append(parts, within...), " ")
}

// reportGuards implements -guards: for every field of every shared type,
// the lock most often held when it is accessed, and how often.
func (c *checker) reportGuards(entries []*entry) {
	byType := guardCounts(entries)
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				c.reportTypeGuards(spec, byType)
			}
		}
	}
}

// fieldCounts tallies the accesses to one field of a shared type, and
// the locks held at them.
type fieldCounts struct {
	total int
	locks map[string]int    // lock key -> accesses holding it
	disp  map[string]string // lock key -> how the first access named it
	seen  map[string]bool   // accesses counted, by position and kind
}

// guardCounts tallies, for each shared type (by its t: root) and each of
// its fields, the distinct accesses of the entry points and the locks
// held at them.
func guardCounts(entries []*entry) map[string]map[string]*fieldCounts {
	byType := make(map[string]map[string]*fieldCounts)
	for _, e := range entries {
		for _, a := range e.accs {
			if !strings.HasPrefix(a.key, "t:") {
				continue
			}
			root, sel := splitPath(a.key)
			field, _, _ := strings.Cut(strings.TrimPrefix(sel, "."), ".")
			field, _, _ = strings.Cut(field, "[")
			if field == "" {
				continue
			}
			fields := byType[root]
			if fields == nil {
				fields = make(map[string]*fieldCounts)
				byType[root] = fields
			}
			ct := fields[field]
			if ct == nil {
				ct = &fieldCounts{locks: make(map[string]int), disp: make(map[string]string), seen: make(map[string]bool)}
				fields[field] = ct
			}
			ct.add(a)
		}
	}
	return byType
}

// add counts access a once, however many entry points share it.
func (ct *fieldCounts) add(a *epAccess) {
	id := fmt.Sprint(a.pos, a.write, a.key)
	if ct.seen[id] {
		return
	}
	ct.seen[id] = true
	ct.total++
	var ks []string
	for _, l := range a.locks {
		if l.key != "" && !slices.Contains(ks, l.key) {
			ks = append(ks, l.key)
			ct.locks[l.key]++
			if _, ok := ct.disp[l.key]; !ok {
				ct.disp[l.key] = l.disp
			}
		}
	}
}

// guard returns how the lock held at most accesses is named, and at how
// many; ties go to the smallest key, so the report is deterministic.
func (ct *fieldCounts) guard() (string, int) {
	best, n := "", 0
	for k, v := range ct.locks {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	if best == "" {
		return "no lock", 0
	}
	return ct.disp[best], n
}

// reportTypeGuards reports the guard of each field of the struct type
// declared by spec, if the type is shared, at the field's declaration.
func (c *checker) reportTypeGuards(spec ast.Spec, byType map[string]map[string]*fieldCounts) {
	ts, ok := spec.(*ast.TypeSpec)
	if !ok {
		return
	}
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return
	}
	tn, ok := c.pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
	if !ok {
		return
	}
	fields := byType["t:"+c.pkg.Path()+"."+tn.Name()+"|"]
	if fields == nil {
		return
	}
	for _, fld := range st.Fields.List {
		names := fld.Names
		if len(names) == 0 {
			if id := embeddedName(fld.Type); id != nil {
				names = []*ast.Ident{id}
			}
		}
		for _, id := range names {
			ct := fields[id.Name]
			if ct == nil {
				continue
			}
			guard, n := ct.guard()
			c.pass.Report(analysis.Diagnostic{
				Pos:      id.Pos(),
				Category: catGuards,
				Message:  fmt.Sprintf("%s.%s: %s, %d/%d accesses", tn.Name(), id.Name, guard, n, ct.total),
			})
		}
	}
}

// embeddedName returns the identifier naming an embedded field: T in T,
// *T, pkg.T or T[P].
func embeddedName(t ast.Expr) *ast.Ident {
	for {
		switch x := t.(type) {
		case *ast.Ident:
			return x
		case *ast.StarExpr:
			t = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		default:
			return nil
		}
	}
}
