// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Plot draws the CSV that bench/scale/run.sh writes as an SVG chart of
// wall time against thousands of lines of Go: one series per tool and
// cache state, one point per module, and the least-squares line
// seconds = a + b·KLOC of each series, whose equation and R² the legend
// gives.
//
// Usage:
//
//	go run ./bench/scale/plot [-o scale.svg] scale.csv
//
// Both axes are logarithmic. The modules range from 3 K to 476 K lines
// and the times from a tenth of a second (a rerun served by the vet
// result cache) to minutes: on linear axes all but the two largest
// modules would share one corner. On log-log axes a cost proportional to
// size is a line of slope 1 wherever it lies, and a fixed cost paid by
// every run (the facts of the standard library) flattens the small end.
//
// The rows of module "all" (sums over the modules, not runs) and rows
// whose status is not "ok" are not drawn.
package main

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"flag"
	"fmt"
	"html"
	"io"
	"log"
	"math"
	"os"
	"slices"
	"strconv"
)

// A measurement is one go vet run of one module.
type measurement struct {
	module, tool, cache string
	kloc, seconds       float64
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("plot: ")
	outFile := flag.String("o", "", "write the SVG to this file (default: standard output)")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: plot [-o file.svg] scale.csv")
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	ms, err := readMeasurements(f)
	f.Close()
	if err != nil {
		log.Fatalf("%s: %v", flag.Arg(0), err)
	}
	svg, err := plotSVG(ms)
	if err != nil {
		log.Fatal(err)
	}
	if *outFile == "" {
		_, err = os.Stdout.Write(svg)
	} else {
		err = os.WriteFile(*outFile, svg, 0o666)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// readMeasurements parses the CSV of run.sh. It finds columns by their
// header names, so that columns added later, or reordered, do not break
// it; the status column is optional.
func readMeasurements(r io.Reader) ([]measurement, error) {
	records, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, fmt.Errorf("no header")
	}
	col := make(map[string]int)
	for i, name := range records[0] {
		col[name] = i
	}
	for _, name := range []string{"module", "kloc", "tool", "cache", "seconds"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("no %q column", name)
		}
	}
	var ms []measurement
	for i, rec := range records[1:] {
		if rec[col["module"]] == "all" {
			continue
		}
		if s, ok := col["status"]; ok && rec[s] != "ok" {
			continue
		}
		m := measurement{module: rec[col["module"]], tool: rec[col["tool"]], cache: rec[col["cache"]]}
		if m.kloc, err = strconv.ParseFloat(rec[col["kloc"]], 64); err != nil {
			return nil, fmt.Errorf("line %d: kloc: %v", i+2, err)
		}
		if m.seconds, err = strconv.ParseFloat(rec[col["seconds"]], 64); err != nil {
			return nil, fmt.Errorf("line %d: seconds: %v", i+2, err)
		}
		if m.kloc > 0 && m.seconds > 0 { // a log scale has no room for 0
			ms = append(ms, m)
		}
	}
	return ms, nil
}

// The chart's geometry, in SVG user units: the plotting area is
// [left, width-right] × [top, height-bottom]; the legend goes below,
// one line of legendLine units per series, where it hides no point.
const (
	width, height            = 760, 500
	left, right, top, bottom = 70, 20, 40, 55
	legendLine               = 18
)

// logAxis maps the decades from 10^e0 to 10^e1 onto the pixels from p0
// to p1.
type logAxis struct {
	e0, e1 int
	p0, p1 float64
}

// newLogAxis returns the axis of whole decades that covers the values.
func newLogAxis(values []float64, p0, p1 float64) logAxis {
	e0 := int(math.Floor(math.Log10(slices.Min(values))))
	e1 := int(math.Ceil(math.Log10(slices.Max(values))))
	if e1 <= e0 {
		e1 = e0 + 1
	}
	return logAxis{e0, e1, p0, p1}
}

func (a logAxis) pos(v float64) float64 {
	return a.p0 + (a.p1-a.p0)*(math.Log10(v)-float64(a.e0))/float64(a.e1-a.e0)
}

// ticks returns 1, 2 and 5 times each power of ten within the axis.
func (a logAxis) ticks() []float64 {
	var ts []float64
	for e := a.e0; e <= a.e1; e++ {
		for _, m := range []float64{1, 2, 5} {
			if e == a.e1 && m > 1 {
				break
			}
			// Parsed from decimal, 5e-2 is the float64 nearest 0.05.
			v, _ := strconv.ParseFloat(fmt.Sprintf("%ge%d", m, e), 64)
			ts = append(ts, v)
		}
	}
	return ts
}

// A series is drawn in the colour of its tool, dashed by its cache state.
var (
	toolColor = map[string]string{"plain": "#1f77b4", "psharpvet": "#d62728"}
	cacheDash = map[string]string{"warm": "none", "cold": "7 4", "rerun": "2 3"}
	cacheRank = map[string]int{"warm": 0, "cold": 1, "rerun": 2}
)

// plotSVG draws the measurements: the axes, the points of each tool and
// cache state with the least-squares line through them, and a legend that
// gives each line's equation.
func plotSVG(ms []measurement) ([]byte, error) {
	if len(ms) == 0 {
		return nil, fmt.Errorf("nothing to plot")
	}
	var klocs, secs []float64
	type key struct{ tool, cache string }
	series := make(map[key][]measurement)
	for _, m := range ms {
		klocs, secs = append(klocs, m.kloc), append(secs, m.seconds)
		series[key{m.tool, m.cache}] = append(series[key{m.tool, m.cache}], m)
	}
	keys := make([]key, 0, len(series))
	for k := range series {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.tool, b.tool), cmp.Compare(cacheRank[a.cache], cacheRank[b.cache]))
	})
	// The decades end a few units inside the frame, so that a point on a
	// power of ten is not drawn on the frame.
	const inset = 8
	x := newLogAxis(klocs, left+inset, width-right-inset)
	y := newLogAxis(secs, height-bottom-inset, top+inset)

	var w bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&w, format+"\n", args...) }
	total := height + legendLine*len(keys) + 8
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`, width, total, width, total)
	p(`<rect width="100%%" height="100%%" fill="white"/>`)
	p(`<text x="%d" y="24" text-anchor="middle" font-size="15">go vet ./... wall time against module size</text>`, width/2)
	for _, v := range x.ticks() {
		p(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`, x.pos(v), top, x.pos(v), height-bottom)
		p(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, x.pos(v), height-bottom+16, tickLabel(v))
	}
	for _, v := range y.ticks() {
		p(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`, left, y.pos(v), width-right, y.pos(v))
		p(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`, left-6, y.pos(v)+4, tickLabel(v))
	}
	p(`<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>`, left, top, width-left-right, height-top-bottom)
	p(`<text x="%d" y="%d" text-anchor="middle">thousands of lines of Go (log scale)</text>`, (left+width-right)/2, height-14)
	p(`<text transform="translate(18 %d) rotate(-90)" text-anchor="middle">seconds (log scale)</text>`, (top+height-bottom)/2)

	// The fitted lines stay inside the plotting area.
	p(`<clipPath id="area"><rect x="%d" y="%d" width="%d" height="%d"/></clipPath>`, left, top, width-left-right, height-top-bottom)
	for i, k := range keys {
		ss := series[k]
		slices.SortFunc(ss, func(a, b measurement) int { return cmp.Compare(a.kloc, b.kloc) })
		color, dash := cmp.Or(toolColor[k.tool], "gray"), cmp.Or(cacheDash[k.cache], "none")
		fill := color
		if k.cache == "cold" {
			fill = "white" // hollow, to tell cold from warm where they meet
		}
		for _, m := range ss {
			p(`<circle class="point" cx="%.1f" cy="%.1f" r="3.5" fill="%s" stroke="%s"><title>%s</title></circle>`,
				x.pos(m.kloc), y.pos(m.seconds), fill, color,
				html.EscapeString(fmt.Sprintf("%s %s, %s: %g KLOC, %g s", k.tool, k.cache, m.module, m.kloc, m.seconds)))
		}
		label := k.tool + ", " + k.cache
		if a, b, r2, ok := fit(ss); ok {
			// The line a + b·kloc between the smallest and the largest
			// module of the series, a curve on log-log axes.
			lo, hi := ss[0].kloc, ss[len(ss)-1].kloc
			var points bytes.Buffer
			for j := 0; j <= 64; j++ {
				kloc := lo * math.Pow(hi/lo, float64(j)/64)
				if t := a + b*kloc; t > 0 {
					fmt.Fprintf(&points, "%.1f,%.1f ", x.pos(kloc), y.pos(t))
				}
			}
			p(`<polyline class="fit" points="%s" fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="%s" clip-path="url(#area)"/>`,
				bytes.TrimSpace(points.Bytes()), color, dash)
			label += fmt.Sprintf(": %.3g s + %.3g s/KLOC, R² %.2f", a, b, r2)
		}
		ly := height + legendLine*i
		p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5" stroke-dasharray="%s"/>`, left+12, ly, left+42, ly, color, dash)
		p(`<circle cx="%d" cy="%d" r="3.5" fill="%s" stroke="%s"/>`, left+27, ly, fill, color)
		p(`<text x="%d" y="%d">%s</text>`, left+50, ly+4, html.EscapeString(label))
	}
	p(`</svg>`)
	return w.Bytes(), nil
}

// fit returns the least-squares line seconds = a + b·kloc through the
// measurements and its coefficient of determination r2; ok is false if
// they do not have two different sizes.
func fit(ms []measurement) (a, b, r2 float64, ok bool) {
	var mx, my float64
	for _, m := range ms {
		mx += m.kloc / float64(len(ms))
		my += m.seconds / float64(len(ms))
	}
	var sxx, sxy, syy float64
	for _, m := range ms {
		sxx += (m.kloc - mx) * (m.kloc - mx)
		sxy += (m.kloc - mx) * (m.seconds - my)
		syy += (m.seconds - my) * (m.seconds - my)
	}
	if sxx == 0 {
		return 0, 0, 0, false
	}
	b = sxy / sxx
	a = my - b*mx
	r2 = 1.0
	if syy > 0 {
		r2 = sxy * sxy / (sxx * syy) // 1 - residual/total, for a least-squares line
	}
	return a, b, r2, true
}

// tickLabel writes 0.01, 0.5, 20, 1000 rather than Go's 1e+03.
func tickLabel(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}
