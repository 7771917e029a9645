package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestUCICommand runs `bot uci` on a script, as a GUI would feed it.
func TestUCICommand(t *testing.T) {
	script := strings.Join([]string{
		"uci",
		"setoption name UCI_Variant value xiangqi",
		"setoption name Skill Level value 3",
		"isready",
		"ucinewgame",
		"position startpos moves h3e3",
		"go depth 2",
		"isready",
		"quit",
	}, "\n") + "\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"uci"}, strings.NewReader(script), &out, &errOut, func(string) string { return "" }); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"id name Chuhe", "var jinchan", "uciok", "readyok", "bestmove "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if code := run([]string{"uci", "extra"}, strings.NewReader(""), &out, &errOut, func(string) string { return "" }); code == 0 {
		t.Error("an extra argument was accepted")
	}
}
