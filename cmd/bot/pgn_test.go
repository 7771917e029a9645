package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPGNCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.pgn", "[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 1-0\n")
	two := write("two.pgn", "1. h2e2 h9g7 *\n\n1. 車九平八 *\n")
	empty := write("empty.pgn", "\n")
	cases := []struct {
		name    string
		args    []string
		want    []string
		failure bool
	}{
		{"a good record", []string{good}, []string{good + ": ok 3 moves 1-0"}, false},
		{"two games in one file, one bad", []string{two}, []string{
			two + "#1: ok 2 moves *",
			two + "#2: error at move 1 (車九平八): b0 is occupied by your own horse",
		}, true},
		{"a file without games", []string{empty}, []string{empty + ": error: no game found"}, true},
		{"a directory means its .pgn files", []string{dir}, []string{
			empty + ": error: no game found",
			good + ": ok 3 moves 1-0",
			two + "#1: ok 2 moves *",
			two + "#2: error at move 1 (車九平八): b0 is occupied by your own horse",
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := runPGN(c.args, &out, &errOut)
			if got := strings.Split(strings.TrimSpace(out.String()), "\n"); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("output:\n%s\nwant:\n%s", out.String(), strings.Join(c.want, "\n"))
			}
			if (err != nil) != c.failure {
				t.Errorf("runPGN error = %v, want failure %v", err, c.failure)
			}
		})
	}
	if err := runPGN(nil, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("no files accepted")
	}
	if err := runPGN([]string{filepath.Join(dir, "missing.pgn")}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("a missing file accepted")
	}
	var help bytes.Buffer
	if err := runPGN([]string{"-h"}, &bytes.Buffer{}, &help); !errors.Is(err, flag.ErrHelp) || !strings.Contains(help.String(), "usage: bot pgn") {
		t.Errorf("-h gave %v and %q", err, help.String())
	}
}

// TestPGNRepetitionVerdicts: records that our rules end by repetition get the
// verdict, its reason, and the record's result where it differs.
func TestPGNRepetitionVerdicts(t *testing.T) {
	dir := t.TempDir()
	chase := filepath.Join(dir, "chase.pgn")
	// Red's cannon chases Black's chariot: the ninth move repeats a third time;
	// the record goes on and says Red won.
	text := "[FEN \"2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1\"]\n[Result \"1-0\"]\n" +
		"1. c2a2 a7b7 2. a2b2 b7a7 3. b2a2 a7b7 4. a2b2 b7a7 5. b2a2 a7b7 6. a2b2 1-0\n"
	idle := filepath.Join(dir, "idle.pgn")
	// An idle shuffle that ends the record, drawn, at the third occurrence.
	text2 := "[FEN \"5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n" +
		"1. d0d1 f9f8 2. d1d0 f8f9 3. d0d1 f9f8 4. d1d0 f8f9 1/2-1/2\n"
	for path, s := range map[string]string{chase: text, idle: text2} {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := runPGN([]string{dir}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	want := chase + ": ok 11 moves 1-0 (our rules end it after move 9: Black wins by perpetual chase. " +
		"The position has occurred a third time, and Red has chased the chariot on a7 with the cannon on a2 with every move: Red loses. " +
		"The record's result differs: 1-0)\n" +
		idle + ": ok 8 moves 1/2-1/2 (our rules end it after move 8: draw by repetition. " +
		"The position has occurred a third time and neither side checked or chased with every move: drawn by repetition.)\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	// -rulings: every third occurrence, from the first occurrence on.
	out.Reset()
	if err := runPGN([]string{"-rulings", chase}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	first := chase + "|2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/C5NC1/9/1NBAKAB1R b - - 1 1|a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2|black wins"
	if len(lines) != 3 || lines[0] != first {
		t.Errorf("rulings:\n%s\nwant 3 lines, the first:\n%s", out.String(), first)
	}
}
