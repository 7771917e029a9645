package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunConsole is a newcomer's first run: no config, no tokens, a game piped
// into the console. It ends at the end of the input and leaves the data file
// under ./data.
func TestRunConsole(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	in := strings.NewReader("alice: /new xiangqi @bob\nbob: /accept\nalice: h2e2\n")
	var out, errs bytes.Buffer
	if code := run(nil, in, &out, &errs, noEnv); code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, errs.String())
	}
	for _, want := range []string{"[chat] alice (Red) proposes", "Game #1 begins", "Last move: h2e2", "[chat] image data/console/"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "level=") {
		t.Error("logs on stdout")
	}
	if !strings.Contains(errs.String(), "level=INFO msg=starting") {
		t.Errorf("no log on stderr:\n%s", errs.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "chuhe.db")); err != nil {
		t.Error(err)
	}

	// The game is still there at the next start.
	out.Reset()
	if code := run(nil, strings.NewReader("bob: /board\n"), &out, &errs, noEnv); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out.String(), "Black to move: bob") {
		t.Errorf("after restart:\n%s", out.String())
	}

	t.Run("backup and restore", func(t *testing.T) {
		var out, errs bytes.Buffer
		backup := filepath.Join(dir, "b.db")
		if code := run([]string{"backup", "-o", backup}, nil, &out, &errs, noEnv); code != 0 {
			t.Fatalf("backup: exit %d: %s", code, errs.String())
		}
		if !strings.Contains(out.String(), "written to "+backup) {
			t.Errorf("backup said %q", out.String())
		}
		if code := run([]string{"backup"}, nil, &out, &errs, noEnv); code != 0 {
			t.Fatalf("backup to the default place: exit %d: %s", code, errs.String())
		}
		if m, _ := filepath.Glob(filepath.Join(dir, "data", "backups", "chuhe-*.db")); len(m) != 1 {
			t.Errorf("default backups: %v", m)
		}
		// Play on, then restore: the move after the backup is gone.
		run(nil, strings.NewReader("bob: h9g7\n"), &out, &errs, noEnv)
		if code := run([]string{"restore", backup}, nil, &out, &errs, noEnv); code != 0 {
			t.Fatalf("restore: exit %d: %s", code, errs.String())
		}
		out.Reset()
		run(nil, strings.NewReader("bob: /board #1\n"), &out, &errs, noEnv)
		if !strings.Contains(out.String(), "Last move: h2e2") {
			t.Errorf("after restore:\n%s", out.String())
		}
		if code := run([]string{"restore"}, nil, &out, &errs, noEnv); code == 0 {
			t.Error("restore without a file succeeded")
		}
	})
}

func TestRunFlags(t *testing.T) {
	t.Chdir(t.TempDir())
	var out, errs bytes.Buffer
	if code := run([]string{"frobnicate"}, strings.NewReader(""), &out, &errs, noEnv); code == 0 {
		t.Error("an unknown subcommand succeeded")
	}
	if code := run([]string{"-config", "missing.yaml"}, strings.NewReader(""), &out, &errs, noEnv); code == 0 {
		t.Error("a missing -config succeeded")
	}
	if code := run([]string{"-h"}, strings.NewReader(""), &out, &errs, noEnv); code != 0 || !strings.Contains(errs.String(), "usage: bot") {
		t.Errorf("-h: exit %d: %s", code, errs.String())
	}
}

// TestHelpSucceeds: asking for help is not an error (issue 13).
func TestHelpSucceeds(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{{"help"}, {"help", "perft"}, {"render", "-h"}, {"perft", "-h"}, {"pgn", "-h"}} {
		var out, errs bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errs, noEnv)
		if code != 0 || !strings.Contains(out.String()+errs.String(), "usage") && !strings.Contains(out.String()+errs.String(), "-") {
			t.Errorf("bot %v: exit %d\n%s%s", args, code, out.String(), errs.String())
		}
	}
	var out, errs bytes.Buffer
	run([]string{"help"}, strings.NewReader(""), &out, &errs, noEnv)
	for _, w := range []string{"usage: bot", "perft", "render", "backup"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("bot help lacks %q:\n%s", w, out.String())
		}
	}
	out.Reset()
	run([]string{"help", "perft"}, strings.NewReader(""), &out, &errs, noEnv)
	if !strings.Contains(out.String(), "-options") {
		t.Errorf("bot help perft:\n%s", out.String())
	}
}
