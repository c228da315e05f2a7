package store

import (
	"slices"
	"testing"
)

// A batch of any size is cut into contiguous pieces of the few prepared shapes, largest first.
func TestEachShapeCoversTheBatchWithFixedShapes(t *testing.T) {
	for n := 0; n <= 1100; n++ {
		next := 0
		var sizes []int
		err := eachShape(n, func(lo, hi int) error {
			if lo != next || !slices.Contains(rowShapes, hi-lo) {
				t.Fatalf("n=%d: piece [%d, %d) after %d", n, lo, hi, next)
			}
			sizes = append(sizes, hi-lo)
			next = hi
			return nil
		})
		if err != nil || next != n {
			t.Fatalf("n=%d: covered %d, %v", n, next, err)
		}
		if !slices.IsSortedFunc(sizes, func(a, b int) int { return b - a }) {
			t.Fatalf("n=%d: pieces %v not largest first", n, sizes)
		}
	}
}

func TestPadIDsKeepsTheSetAndUsesAShape(t *testing.T) {
	for n := 1; n <= rowShapes[0]; n++ {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(i + 10)
		}
		got := padIDs(ids)
		if !slices.Contains(rowShapes, len(got)) || len(got) < n {
			t.Fatalf("n=%d: padded to %d", n, len(got))
		}
		if !slices.Equal(got[:n], ids) {
			t.Fatalf("n=%d: the ids changed", n)
		}
		for _, id := range got[n:] {
			if id != ids[n-1] {
				t.Fatalf("n=%d: padded with %d, not a repeat", n, id)
			}
		}
	}
	if got := padIDs([]int64{1, 2, 3}); len(got) != 4 {
		t.Fatalf("3 ids padded to %d, want 4", len(got))
	}
}
