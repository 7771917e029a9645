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
