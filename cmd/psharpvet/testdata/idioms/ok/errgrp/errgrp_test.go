package errgrp

import (
	"context"
	"testing"
)

func TestErrgroup(t *testing.T) {
	ctx := context.Background()
	_, _ = FetchAll(ctx, []int{1, 2, 3})
	_, _ = Names(ctx, []int{1, 2, 3, 4})
	_, _ = Pipeline(ctx, []int{1, 2, 3, 4})
	_, _ = Load(ctx)
}
