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
)

// before orders positions by file name and offset, which, unlike
// token.Pos, does not depend on the order files were loaded in.
func before(fset *token.FileSet, p, q token.Pos) bool {
	pp, qp := fset.Position(p), fset.Position(q)
	return pp.Filename < qp.Filename || pp.Filename == qp.Filename && pp.Offset < qp.Offset
}

// reporter collects races and emits each once, in position order.
type reporter struct {
	fset  *token.FileSet
	races []race
	seen  map[[2]int]bool
}

func (r *reporter) add(x race) {
	// Report at the less protected access: that is where a lock is
	// most likely missing. Ties go to the non-atomic access, then to the
	// first in the file.
	if len(x.b.locks) < len(x.a.locks) ||
		len(x.b.locks) == len(x.a.locks) && (x.a.atomic && !x.b.atomic ||
			x.a.atomic == x.b.atomic && before(r.fset, x.b.pos, x.a.pos)) {
		x.a, x.b, x.ea, x.eb = x.b, x.a, x.eb, x.ea
	}
	k := [2]int{int(x.a.pos), int(x.b.pos)}
	if k[0] > k[1] {
		k[0], k[1] = k[1], k[0]
	}
	if r.seen[k] {
		return
	}
	r.seen[k] = true
	r.races = append(r.races, x)
}

func (r *reporter) flush(pass *analysis.Pass) {
	// Sort by file name and offset, not token.Pos: file bases depend on
	// the order in which files entered the FileSet, which a concurrent
	// loader does not fix.
	posKey := func(p token.Pos) (string, int) {
		posn := pass.Fset.Position(p)
		return posn.Filename, posn.Offset
	}
	cmpPos := func(p, q token.Pos) int {
		pf, po := posKey(p)
		qf, qo := posKey(q)
		return cmp.Or(cmp.Compare(pf, qf), cmp.Compare(po, qo))
	}
	slices.SortStableFunc(r.races, func(x, y race) int {
		return cmp.Or(cmpPos(x.a.pos, y.a.pos), cmpPos(x.b.pos, y.b.pos), cmp.Compare(x.a.disp, y.a.disp))
	})
	reported := make(map[string]bool)
	for _, x := range r.races {
		// One diagnostic per line and location; if the preferred access
		// already has one, report this race at its partner instead.
		lineKey := func(a *epAccess) string {
			return fmt.Sprint(pass.Fset.Position(a.pos).Line, pass.Fset.File(a.pos).Name(), a.disp)
		}
		if reported[lineKey(x.a)] {
			if reported[lineKey(x.b)] || len(x.b.locks) > len(x.a.locks) {
				continue
			}
			x.a, x.b, x.ea, x.eb = x.b, x.a, x.eb, x.ea
		}
		reported[lineKey(x.a)] = true
		eb := x.eb
		if x.sameThread && !strings.HasPrefix(eb, "another ") {
			eb = "another call of " + eb
		}
		msg := fmt.Sprintf("%s is %s in %s%s %s and %s in %s%s %s",
			x.a.disp, verb(x.a), x.ea, via(x.a, x.ea), held(x.a),
			verb(x.b), eb, via(x.b, x.eb), held(x.b))
		pass.Report(analysis.Diagnostic{
			Pos:      x.a.pos,
			Category: "race",
			Message:  msg,
			Related: []analysis.RelatedInformation{{
				Pos:     x.b.pos,
				Message: fmt.Sprintf("%s %s here %s", x.b.disp, verb(x.b), held(x.b)),
			}},
		})
	}
}

func verb(a *epAccess) string {
	switch {
	case a.atomic && a.write:
		return "written atomically"
	case a.atomic:
		return "read atomically"
	case a.write:
		return "written"
	}
	return "read"
}

// via names the helper containing an access when it is not the entry
// point itself, since that is where the fix goes.
func via(a *epAccess, entry string) string {
	if a.fn == "" || strings.Contains(entry, a.fn) || strings.HasPrefix(a.fn, "the func literal") {
		return ""
	}
	return " via " + a.fn
}

func held(a *epAccess) string {
	var names []string
	for _, l := range a.locks {
		switch {
		case l.once:
			names = append(names, l.disp+".Do")
		case l.read:
			names = append(names, l.disp+" (read)")
		default:
			names = append(names, l.disp)
		}
	}
	if len(names) == 0 {
		return "without a lock"
	}
	return "holding " + strings.Join(names, " and ")
}

// reportGuards implements -guards: for every field of every shared type,
// the lock most often held when it is accessed, and how often.
func (c *checker) reportGuards(entries []*entry) {
	type counts struct {
		total int
		locks map[string]int
		disp  map[string]string
		seen  map[string]bool
	}
	byType := make(map[string]map[string]*counts) // type key -> field -> counts
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
				fields = make(map[string]*counts)
				byType[root] = fields
			}
			ct := fields[field]
			if ct == nil {
				ct = &counts{locks: make(map[string]int), disp: make(map[string]string), seen: make(map[string]bool)}
				fields[field] = ct
			}
			id := fmt.Sprint(a.pos, a.write, a.key)
			if ct.seen[id] {
				continue
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
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				tn, ok := c.pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if !ok {
					continue
				}
				fields := byType["t:"+c.pkg.Path()+"."+tn.Name()+"|"]
				if fields == nil {
					continue
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
						best, n := "", 0
						for k, v := range ct.locks {
							if v > n || v == n && k < best {
								best, n = k, v
							}
						}
						guard := "no lock"
						if best != "" {
							guard = ct.disp[best]
						}
						c.pass.Report(analysis.Diagnostic{
							Pos:      id.Pos(),
							Category: "guards",
							Message:  fmt.Sprintf("%s.%s: %s, %d/%d accesses", tn.Name(), id.Name, guard, n, ct.total),
						})
					}
				}
			}
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
