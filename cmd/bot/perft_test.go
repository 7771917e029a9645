package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := runPerft([]string{"-depth", "2", "-divide"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 45 {
		t.Fatalf("got %d lines, want 44 root moves and the total", len(lines))
	}
	if last := lines[len(lines)-1]; last != "nodes 1920" {
		t.Errorf("last line = %q, want nodes 1920", last)
	}
	if !strings.Contains(out.String(), "h2e2: 45\n") {
		t.Errorf("divide misses h2e2: 45:\n%s", out.String())
	}
	if !strings.Contains(errOut.String(), "nodes/s") {
		t.Errorf("stderr lacks the speed: %q", errOut.String())
	}
	if err := runPerft([]string{"-depth", "0"}, &out, &errOut); err == nil {
		t.Error("depth 0 accepted")
	}
	if err := runPerft([]string{"-depth", "1", "-fen", "garbage"}, &out, &errOut); err == nil {
		t.Error("a bad FEN accepted")
	}
}

// TestPerftMessages: one "perft:" prefix (run adds it), FEN problems in words,
// and -options builds the variant with its options.
func TestPerftMessages(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"perft", "-depth", "1", "-fen", "garbage"}, strings.NewReader(""), &out, &errs, noEnv); code == 0 {
		t.Fatal("a bad FEN succeeded")
	}
	if e := errs.String(); strings.Count(e, "perft:") != 1 || strings.Contains(e, "rules:") || !strings.Contains(e, "-fen") {
		t.Errorf("error line = %q", e)
	}
	errs.Reset()
	if code := run([]string{"perft", "-depth", "1", "-options", "nonsense"}, strings.NewReader(""), &out, &errs, noEnv); code == 0 || !strings.Contains(errs.String(), "nonsense") {
		t.Errorf("unknown option: exit %d, %q", code, errs.String())
	}
	out.Reset()
	if err := runPerft([]string{"-variant", "xiangqi", "-options", "fuhe", "-depth", "1"}, &out, &errs); err != nil {
		t.Fatalf("-options fuhe: %v", err)
	}
	if !strings.HasPrefix(strings.TrimSpace(out.String()[strings.LastIndex(strings.TrimSpace(out.String()), "\n")+1:]), "nodes ") {
		t.Errorf("output = %q", out.String())
	}
}
