package errgrp

import (
	"context"
	"testing"
	"time"
)

func TestFetchAll(t *testing.T) { _, _ = FetchAll(context.Background(), []int{1, 2, 3, 4}) }
func TestNames(t *testing.T)    { _, _ = Names(context.Background(), []int{1, 2, 3, 4}) }
func TestLoad(t *testing.T) {
	_, _ = Load(context.Background(), true)
	time.Sleep(time.Millisecond)
}
