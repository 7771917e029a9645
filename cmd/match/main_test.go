package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestRunOurLevels plays a two-game match of our level 4 against level 1 in
// process, through the command's flags.
func TestRunOurLevels(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-games", "2", "-movetime", "10ms", "-level", "4", "-vs-level", "1",
		"-openings", "../../engine/match/testdata/openings.txt"}, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "level 4 vs our level 1, 2 games") || strings.Count(out.String(), "\ngame ") != 1 {
		t.Errorf("output:\n%s", out.String())
	}
	if err := run(context.Background(), []string{"-openings", "missing.txt", "-vs-level", "1"}, &out, &errOut); err == nil {
		t.Error("a missing openings file was accepted")
	}
}
