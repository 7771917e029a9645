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
