package sema

import (
	"context"
	"testing"
)

func TestFetch(t *testing.T) {
	urls := make([]string, 200)
	for i := range urls {
		urls[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	NewFetcher(3).FetchAll(context.Background(), urls)
}

func TestBounded(t *testing.T) { _ = Bounded([]string{"a", "bb", "ccc"}, 1) }
