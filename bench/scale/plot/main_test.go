// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
)

// sample is a CSV as run.sh writes it, with the rows plot must leave out:
// a sum over modules, a timeout, a zero time.
const sample = `module,kloc,tool,cache,seconds,peak_kb,kloc_per_s,vet_runs,status
golang-lru,2.9,plain,warm,1.79,106636,1.6,109,ok
golang-lru,2.9,psharpvet,warm,4.00,310000,0.7,109,ok
golang-lru,2.9,psharpvet,rerun,0.11,25776,26.4,0,ok
raft,18.4,plain,warm,3.5,109056,5.3,232,ok
raft,18.4,psharpvet,warm,9.5,314088,1.9,232,ok
a<b&c,476.1,psharpvet,warm,250.5,,1.9,900,ok
big,900.0,psharpvet,cold,1200.00,5000000,0.8,10,timeout
odd,1.0,plain,cold,0,,,0,ok
all,479.0,psharpvet,warm,254.50,310000,1.9,1009,ok
`

func TestReadMeasurements(t *testing.T) {
	got, err := readMeasurements(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := []measurement{
		{"golang-lru", "plain", "warm", 2.9, 1.79},
		{"golang-lru", "psharpvet", "warm", 2.9, 4.00},
		{"golang-lru", "psharpvet", "rerun", 2.9, 0.11},
		{"raft", "plain", "warm", 18.4, 3.5},
		{"raft", "psharpvet", "warm", 18.4, 9.5},
		{"a<b&c", "psharpvet", "warm", 476.1, 250.5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("readMeasurements:\ngot  %v\nwant %v", got, want)
	}
}

func TestReadMeasurementsColumnsByName(t *testing.T) {
	got, err := readMeasurements(strings.NewReader("seconds,module,cache,tool,kloc\n2.5,raft,warm,plain,18.4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []measurement{{"raft", "plain", "warm", 18.4, 2.5}}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestReadMeasurementsErrors(t *testing.T) {
	for _, tc := range []struct{ name, csv, want string }{
		{"empty", "", "no header"},
		{"no seconds column", "module,kloc,tool,cache\nraft,18.4,plain,warm\n", `no "seconds" column`},
		{"bad kloc", "module,kloc,tool,cache,seconds\nraft,many,plain,warm,2\n", "line 2: kloc"},
		{"bad seconds", "module,kloc,tool,cache,seconds\nraft,1,plain,warm,\n", "line 2: seconds"},
		{"ragged", "module,kloc,tool,cache,seconds\nraft,1\n", "wrong number of fields"},
	} {
		_, err := readMeasurements(strings.NewReader(tc.csv))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestPlotSVG checks that the chart is well-formed XML with an svg root,
// one point per measurement, a fitted line for each tool and cache state
// with two sizes or more, and that a module name with XML's special
// characters is escaped.
func TestPlotSVG(t *testing.T) {
	ms, err := readMeasurements(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	svg, err := plotSVG(ms)
	if err != nil {
		t.Fatal(err)
	}
	var root string
	class := make(map[string]int)
	titles := 0
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			for _, a := range tok.Attr {
				if a.Name.Local == "class" {
					class[a.Value]++
				}
			}
		case xml.CharData:
			if strings.Contains(string(tok), "a<b&c") {
				titles++
			}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	// plain warm and psharpvet warm; psharpvet rerun has one size only.
	if class["fit"] != 2 || class["point"] != len(ms) {
		t.Errorf("%d fitted lines and %d points, want 2 and %d", class["fit"], class["point"], len(ms))
	}
	if titles != 1 {
		t.Errorf("the point of module a<b&c has %d titles naming it, want 1", titles)
	}
}

func TestFit(t *testing.T) {
	line := []measurement{{kloc: 1, seconds: 3}, {kloc: 2, seconds: 5}, {kloc: 4, seconds: 9}}
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	if a, b, r2, ok := fit(line); !ok || !near(a, 1) || !near(b, 2) || !near(r2, 1) {
		t.Errorf("fit(points of 1 + 2·kloc) = %v, %v, %v, %v; want 1, 2, 1, true", a, b, r2, ok)
	}
	noisy := []measurement{{kloc: 1, seconds: 1}, {kloc: 2, seconds: 3}, {kloc: 3, seconds: 2}}
	if _, b, r2, ok := fit(noisy); !ok || !near(b, 0.5) || !near(r2, 0.25) {
		t.Errorf("fit(noisy) slope %v, R² %v, %v; want 0.5, 0.25, true", b, r2, ok)
	}
	if _, _, _, ok := fit([]measurement{{kloc: 2, seconds: 1}, {kloc: 2, seconds: 3}}); ok {
		t.Error("fit of one size succeeded, want ok false")
	}
}

func TestPlotSVGNothing(t *testing.T) {
	if _, err := plotSVG(nil); err == nil {
		t.Error("plotSVG(nil) succeeded, want an error")
	}
}

func TestTicks(t *testing.T) {
	got := newLogAxis([]float64{0.03, 476}, 0, 1).ticks()
	want := []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ticks: got %v, want %v", got, want)
	}
	var labels []string
	for _, v := range got[:3] {
		labels = append(labels, tickLabel(v))
	}
	if strings.Join(labels, " ") != "0.01 0.02 0.05" || tickLabel(1000) != "1000" {
		t.Errorf("labels %v and %s, want 0.01 0.02 0.05 and 1000", labels, tickLabel(1000))
	}
}
