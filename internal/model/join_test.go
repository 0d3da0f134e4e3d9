// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/model"
)

const loopsSrc = `package p

func constant(done chan int) {
	for i := 0; i < 3; i++ {
		<-done
	}
}

func fromOne(done chan int) {
	for i := 1; i < 3; i++ {
		<-done
	}
}

func capacity() {
	done := make(chan int, 4)
	for i := 0; i < cap(done); i++ {
		<-done
	}
}

func capacityOf(done chan int) {
	for i := 0; i < cap(done); i++ {
		<-done
	}
}

func bounded(done chan int, n int) {
	for i := 0; i < n; i++ {
		<-done
	}
}

func ranged(done chan int, xs []int) {
	for range xs {
		<-done
	}
}

func stepTwo(done chan int) {
	for i := 0; i < 4; i += 2 {
		<-done
	}
}

func uncounted(done chan int) {
	for {
		if <-done == 0 {
			return
		}
	}
}
`

// TestCountedLoop checks which loops have a trip count fixed before they
// start, and which of those counts are known constants.
func TestCountedLoop(t *testing.T) {
	_, pkg := build(t, loopsSrc)
	for _, tc := range []struct {
		fn      string
		counted bool
		trips   int64 // -1: not a constant
	}{
		{"constant", true, 3},
		{"fromOne", true, 2},
		{"capacity", true, 4},
		{"capacityOf", true, -1},
		{"bounded", true, -1},
		{"ranged", true, -1},
		{"stepTwo", false, -1},
		{"uncounted", false, -1},
	} {
		fn := pkg.Func(tc.fn)
		var loop *model.CountedLoop
		for _, b := range fn.Blocks {
			if l := model.CountedLoopAt(b); l != nil {
				loop = l
			}
		}
		if (loop != nil) != tc.counted {
			t.Errorf("%s: counted loop found = %v, want %v", tc.fn, loop != nil, tc.counted)
			continue
		}
		if loop == nil {
			continue
		}
		n, ok := loop.Trips()
		if !ok {
			n = -1
		}
		if n != tc.trips {
			t.Errorf("%s: trips = %d, want %d", tc.fn, n, tc.trips)
		}
	}
}

// TestDocumentsSafe checks the doc comments that declare a type safe for
// concurrent use.
func TestDocumentsSafe(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want bool
	}{
		{"Client is safe for concurrent use by multiple goroutines.", true},
		{"A Pool is safe for use by multiple goroutines simultaneously.", true},
		{"It is safe to use concurrently.", true},
		{"Cache is a goroutine-safe LRU.", true},
		{"The registry is thread-safe.", true},
		{"Methods of Batch are safe to call concurrently.", true},
		{"A Builder is not safe for concurrent use.", false},
		{"Buffer isn't thread-safe.", false},
		{"It is unsafe for concurrent use.", false},
		{"Writer writes records.", false},
		{"Options are not\nsafe for concurrent\nuse.", false},
	} {
		if got := model.DocumentsSafe(tc.doc); got != tc.want {
			t.Errorf("DocumentsSafe(%q) = %v, want %v", tc.doc, got, tc.want)
		}
	}
}
