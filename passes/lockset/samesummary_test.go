// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"math/rand"
	"reflect"
	"slices"
	"testing"
)

// TestSameSummaryFields: sameSummary compares every field of the types
// it knows; a field added to one of them must be added there too.
func TestSameSummaryFields(t *testing.T) {
	for _, tc := range []struct {
		v      any
		fields []string
	}{
		{Summary{}, []string{"Acquire", "Release", "Accesses", "Received", "Closes", "Seen", "SeenIfNil", "AcquireIfNil", "ReceivedIfNil", "Starts", "Invokes"}},
		{Access{}, []string{"Path", "Write", "Atomic", "Sets", "Elem", "Func", "Pos", "calls"}},
		{Sets{}, []string{"Held", "Released", "After", "Before", "Seen", "Guards"}},
		{Held{}, []string{"Lock", "Read"}},
		{Invoke{}, []string{"Param", "Methods"}},
		{callChain{}, []string{"pos", "callee", "next", "depth"}},
	} {
		typ := reflect.TypeOf(tc.v)
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		if !slices.Equal(got, tc.fields) {
			t.Errorf("%s has fields %v, sameSummary compares %v", typ.Name(), got, tc.fields)
		}
	}
}

// TestSameSummary: sameSummary says what reflect.DeepEqual says of
// random summaries made of few values (so that many are equal), with nil
// and empty slices, shared slices and call chains.
func TestSameSummary(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	strs := func() []string {
		switch r.Intn(4) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		s := make([]string, 1+r.Intn(2))
		for i := range s {
			s[i] = []string{"a", "b"}[r.Intn(2)]
		}
		return s
	}
	helds := func() []Held {
		switch r.Intn(3) {
		case 0:
			return nil
		case 1:
			return []Held{}
		}
		return []Held{{Lock: []string{"p:0|.mu", "g:x"}[r.Intn(2)], Read: r.Intn(2) == 0}}
	}
	chain := func() *callChain {
		var c *callChain
		for d := range r.Intn(3) {
			c = &callChain{pos: token.Pos(1 + r.Intn(2)), callee: []string{"f", "g"}[r.Intn(2)], next: c, depth: d + 1}
		}
		return c
	}
	shared := strs()
	access := func() Access {
		a := Access{Path: []string{"p:0|.x", "p:0|.y"}[r.Intn(2)], Write: r.Intn(2) == 0, Atomic: r.Intn(4) == 0,
			Sets: &Sets{Held: helds(), Released: strs(), After: strs(), Before: strs(), Seen: strs(), Guards: strs()},
			Elem: int64(r.Intn(2)), Func: []string{"f", "g"}[r.Intn(2)], Pos: token.Pos(r.Intn(2)), calls: chain()}
		if r.Intn(3) == 0 {
			a.Seen = shared
		}
		return a
	}
	summary := func() *Summary {
		if r.Intn(20) == 0 {
			return nil
		}
		s := &Summary{Acquire: helds(), Release: strs(), Received: strs(), Closes: strs(), Seen: strs(),
			SeenIfNil: strs(), AcquireIfNil: helds(), ReceivedIfNil: strs()}
		if n := r.Intn(4); n > 0 {
			s.Accesses = make([]Access, n-1)
			for i := range s.Accesses {
				s.Accesses[i] = access()
			}
		}
		if r.Intn(2) == 0 {
			s.Starts = []int{r.Intn(2)}
		}
		if r.Intn(2) == 0 {
			s.Invokes = []Invoke{{Param: r.Intn(2), Methods: strs()}}
		}
		return s
	}
	// Mostly one field different from an equal copy, so that each
	// comparison is seen to decide.
	mutate := func(s *Summary) *Summary {
		if s == nil {
			return summary()
		}
		c := *s
		c.Accesses = slices.Clone(s.Accesses)
		switch r.Intn(13) {
		case 0:
			c.Acquire = helds()
		case 1:
			c.Release = strs()
		case 2:
			c.Received = strs()
		case 3:
			c.Closes = strs()
		case 4:
			c.Seen = strs()
		case 5:
			c.SeenIfNil = strs()
		case 6:
			c.AcquireIfNil = helds()
		case 7:
			c.Starts = []int{r.Intn(2)}
		case 8:
			c.Invokes = []Invoke{{Param: r.Intn(2), Methods: strs()}}
		case 11:
			c.ReceivedIfNil = strs()
		case 9, 10:
			if len(c.Accesses) > 0 {
				a := &c.Accesses[r.Intn(len(c.Accesses))]
				sets := *a.Sets // shared with s's access: never written
				a.Sets = &sets
				o := access()
				switch r.Intn(13) {
				case 0:
					a.Path = o.Path
				case 1:
					a.Write = o.Write
				case 2:
					a.Atomic = o.Atomic
				case 3:
					a.Held = o.Held
				case 4:
					a.Released = o.Released
				case 5:
					a.After = o.After
				case 6:
					a.Before = o.Before
				case 7:
					a.Seen = o.Seen
				case 8:
					a.Guards = o.Guards
				case 9:
					a.Elem = o.Elem
				case 10:
					a.Func = o.Func
				case 11:
					a.Pos = o.Pos
				case 12:
					a.calls = o.calls
				}
			}
		}
		return &c
	}
	var equal, differ int
	for range 200000 {
		a := summary()
		b := mutate(a)
		if r.Intn(10) == 0 {
			b = summary()
		}
		want := reflect.DeepEqual(a, b)
		if got := sameSummary(a, b); got != want {
			t.Fatalf("sameSummary(%#v, %#v) = %v, reflect.DeepEqual says %v", a, b, got, want)
		}
		if want {
			equal++
		} else {
			differ++
		}
	}
	if equal < 1000 || differ < 1000 {
		t.Errorf("%d equal pairs, %d different: the test decides too little", equal, differ)
	}
}
