package main

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

// TestUCIMover plays two moves with Debian's fairy-stockfish as level 9 (the
// test skips where it is not installed).
func TestUCIMover(t *testing.T) {
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		t.Skip("no fairy-stockfish here")
	}
	m := newUCIMover(UCIConfig{Path: path, Options: map[string]string{"Threads": "1"}}, slog.New(slog.DiscardHandler))
	defer m.Close()
	v, _ := testRegistry().Get("xiangqi")
	g, err := rules.NewGame(v, "")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		res, err := m.Move(context.Background(), g, 9, engine.Limits{MoveTime: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	jieqi, _ := testRegistry().Get("jieqi")
	jg, _ := rules.NewGame(jieqi, "")
	if _, err := m.Move(context.Background(), jg, 9, engine.Limits{MoveTime: 50 * time.Millisecond}); err == nil {
		t.Error("the external engine played jieqi")
	}
}
