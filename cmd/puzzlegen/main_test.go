package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/puzzle"
)

var update = flag.Bool("update", false, "rewrite ../../puzzle/testdata/puzzles.json")

const testData = "../../puzzle/testdata/ccpd"

// TestBuild runs the build on the seven records of puzzle/testdata and compares
// the collection with the golden file (the solver time aside).
func TestBuild(t *testing.T) {
	if small() {
		t.Skip("the build's searches take seconds; run without -short or -race")
	}
	cfg := defaultConfig()
	cfg.Data = testData
	cfg.Folders = []string{"殺局_殺法_練習題", "殘局"}
	cfg.Command = "go test ./cmd/puzzlegen"
	res, err := build(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.stats.Checked != 7 || res.stats.Kept != 5 {
		t.Errorf("checked %d, kept %d; want 7 and 5 (dropped %v)", res.stats.Checked, res.stats.Kept, res.stats.Dropped)
	}
	goals := map[puzzle.Goal]int{}
	for _, p := range res.puzzles {
		goals[p.Goal]++
	}
	if goals[puzzle.GoalMate] != 4 || goals[puzzle.GoalMaterial] != 1 {
		t.Errorf("goals %v", goals)
	}
	if res.stats.Dropped[dropAmbiguous] != 1 || res.stats.Dropped[dropNoMate] != 1 {
		t.Errorf("dropped %v", res.stats.Dropped)
	}
	res.stats.SolverSeconds = 0
	golden := "../../puzzle/testdata/puzzles.json"
	out := filepath.Join(t.TempDir(), "puzzles.json")
	if err := write(out, res); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the build differs from %s; rerun with -update if that is intended", golden)
	}
	var buf bytes.Buffer
	report(&buf, res, 0)
	if !strings.Contains(buf.String(), "checked 7 records, kept 5, dropped 2") {
		t.Errorf("report:\n%s", buf.String())
	}
	// The file decodes as a collection.
	var coll puzzle.Collection
	if err := json.Unmarshal(got, &coll); err != nil || len(coll.Puzzles) != 5 {
		t.Errorf("decode: %v, %d puzzles", err, len(coll.Puzzles))
	}
}

func TestRunRejectsArguments(t *testing.T) {
	var out, errw bytes.Buffer
	if err := run([]string{"extra"}, &out, &errw); err == nil {
		t.Error("run accepted an argument")
	}
}
