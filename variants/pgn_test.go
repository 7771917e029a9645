package variants

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
)

func readOnePGN(t *testing.T, text string) *rules.PGNGame {
	t.Helper()
	games, err := rules.ReadPGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("ReadPGN found %d games, want 1", len(games))
	}
	return games[0]
}

// TestCCPDSample replays every record of the dataset sample: each must be legal to
// its end, except the ones in bad/, which must fail as README.md says.
func TestCCPDSample(t *testing.T) {
	v := mustXiangqi(t)
	bad := map[string]string{
		"bad/middle-00002173.pgn":  "move 18 (士４進５): you are in check",
		"bad/opening-00000068.pgn": "red has no general",
		"bad/game-00000019.pgn":    "move 72 (將５進１): the game was already over (Red won by checkmate)",
	}
	root := filepath.Join("testdata", "ccpd")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".pgn" {
			return err
		}
		n++
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, enc := rules.DecodePGN(data); enc != "big5" {
				t.Errorf("decoded as %s, want big5", enc)
			}
			pg := readOnePGN(t, string(data))
			g, err := pg.Replay(v)
			if want, ok := bad[rel]; ok {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("Replay = %v, want an error saying %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			if g.Ply() != len(pg.Moves) || len(pg.Moves) == 0 {
				t.Errorf("played %d of %d moves", g.Ply(), len(pg.Moves))
			}
			if pg.FEN == "" || pg.Tag("Event") == "" {
				t.Errorf("FEN %q, Event %q: want both", pg.FEN, pg.Tag("Event"))
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Errorf("found %d sample records, want 40 or more", n)
	}
}

func TestPGNReplay(t *testing.T) {
	v := mustXiangqi(t)
	cases := []struct {
		name  string
		pgn   string
		plies int
		// on error
		index        int
		text, reason string
		// on success: the ply after which our rules ended the game, if any
		rulesEnd int
	}{
		{name: "the three notations mixed", pgn: "1. 炮二平五 H8+7 2. h0g2 车9平8 3. R1.2 馬２進３ *", plies: 6},
		{name: "a start position from the FEN tag",
			pgn: "[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\"]\n1. 車五平九 將4進1", plies: 2},
		{name: "an unreadable move", pgn: "1. 炮二平五 馬８進７ 2. xyzzy", index: 3, text: "xyzzy",
			reason: "not part of a move"},
		{name: "an illegal move", pgn: "1. 炮二平五 馬８進７ 2. 車九平八", index: 3, text: "車九平八",
			reason: "occupied by your own horse"},
		{name: "a move after checkmate",
			pgn:   "[FEN \"3k5/9/R8/9/9/9/9/9/9/4K4 w\"]\n1. 車九平六 將4平5",
			index: 2, text: "將4平5", reason: "the game was already over (Red won by checkmate)"},
		{name: "a record that goes on after a repetition",
			pgn:   "[FEN \"5k2r/9/9/9/9/9/9/9/9/R2K5 w\"]\n1. d0d1 f9f8 2. d1d0 f8f9 3. d0d1 f9f8 4. d1d0 f8f9 5. a0a1",
			plies: 9, rulesEnd: 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pg := readOnePGN(t, c.pgn)
			r, err := pg.ReplayDetail(v)
			if c.reason == "" {
				if err != nil {
					t.Fatalf("ReplayDetail: %v", err)
				}
				if r.Game.Ply() != c.plies {
					t.Errorf("played %d plies, want %d", r.Game.Ply(), c.plies)
				}
				if r.RulesEnd != c.rulesEnd {
					t.Errorf("RulesEnd = %d (%+v), want %d", r.RulesEnd, r.RulesOutcome, c.rulesEnd)
				}
				return
			}
			var me *rules.PGNMoveError
			if !errors.As(err, &me) {
				t.Fatalf("ReplayDetail = %v, want a *PGNMoveError", err)
			}
			if me.Index != c.index || me.Text != c.text || !strings.Contains(me.Reason, c.reason) {
				t.Errorf("error = %d %q %q, want %d %q %q", me.Index, me.Text, me.Reason, c.index, c.text, c.reason)
			}
			if r == nil || r.Game.Ply() != c.index-1 {
				t.Errorf("want the game up to the bad move")
			}
		})
	}
}

func TestPGNReplayRefusesABadFEN(t *testing.T) {
	pg := readOnePGN(t, "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1\"]\n1. h2e2")
	_, err := pg.Replay(mustXiangqi(t))
	var fe *rules.FENError
	if !errors.As(err, &fe) || !strings.Contains(fe.Reason, "no general") {
		t.Errorf("Replay = %v, want a *FENError about the general", err)
	}
}

func TestWritePGN(t *testing.T) {
	v := mustXiangqi(t)
	play := func(t *testing.T, fen string, moves ...string) *rules.Game {
		t.Helper()
		g, err := rules.Replay(v, fen, moves)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	cases := []struct {
		name  string
		game  func(t *testing.T) *rules.Game
		tags  [][2]string
		style rules.Style
		want  string
	}{
		{
			name:  "Chinese from the start, tags in order, FEN and Result set from the game",
			game:  func(t *testing.T) *rules.Game { return play(t, "", "h2e2", "h9g7", "h0g2") },
			tags:  [][2]string{{"Game", "Chinese Chess"}, {"Result", "1-0"}, {"Red", `A "B"`}},
			style: rules.StyleChinese,
			want: "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Red \"A \\\"B\\\"\"]\n" +
				"[FEN \"" + XiangqiStart + "\"]\n\n1. 炮二平五 馬8進7\n2. 馬二進三 *\n",
		},
		{
			name:  "WXF with Black to move first",
			game:  func(t *testing.T) *rules.Game { return play(t, fenCannons+" - - 0 7", "h5e5", "d0d1", "h7h8") },
			style: rules.StyleWXF,
			want: "[Result \"*\"]\n[FEN \"" + fenCannons + " - - 0 7\"]\n\n" +
				"7... C+.5\n8. K6+1 C8-1\n*\n",
		},
		{
			name:  "coordinates, a finished game",
			game:  func(t *testing.T) *rules.Game { return play(t, "3k5/9/R8/9/9/9/9/9/9/4K4 w", "a7d7") },
			tags:  [][2]string{{"FEN", "old"}},
			style: rules.StyleCoord,
			want:  "[FEN \"3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. a7d7 1-0\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			var buf bytes.Buffer
			if err := rules.WritePGN(&buf, c.tags, g, c.style); err != nil {
				t.Fatal(err)
			}
			if buf.String() != c.want {
				t.Errorf("WritePGN =\n%s\nwant\n%s", buf.String(), c.want)
			}
			// Whatever the style, the record reads back as the same game.
			back, err := readOnePGN(t, buf.String()).Replay(v)
			if err != nil {
				t.Fatalf("reading back: %v", err)
			}
			if back.Position().FEN() != g.Position().FEN() || back.Ply() != g.Ply() {
				t.Errorf("read back %s after %d plies, want %s after %d", back.Position().FEN(), back.Ply(), g.Position().FEN(), g.Ply())
			}
		})
	}
}

// TestWritePGNRoundTripsTheSample writes each sample game in every style and reads
// it back.
func TestWritePGNRoundTripsTheSample(t *testing.T) {
	if raceEnabled {
		// Single-goroutine logic: the race detector finds nothing here and makes it
		// the slowest test of the package.
		t.Skip("skipped under -race")
	}
	v := mustXiangqi(t)
	paths, err := filepath.Glob(filepath.Join("testdata", "ccpd", "*", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	styles := []rules.Style{rules.StyleCoord, rules.StyleWXF, rules.StyleChinese, rules.StyleChineseSimplified}
	for i, path := range paths {
		if strings.Contains(filepath.ToSlash(path), "/bad/") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := readOnePGN(t, string(data)).Replay(v)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for j, style := range styles {
			if !testsize.Long() && j != i%len(styles) {
				continue // one style per record is enough for a quick run
			}
			var buf bytes.Buffer
			if err := rules.WritePGN(&buf, nil, g, style); err != nil {
				t.Fatal(err)
			}
			back, err := readOnePGN(t, buf.String()).Replay(v)
			if err != nil {
				t.Errorf("%s in %s: %v", path, style, err)
				continue
			}
			if back.Ply() != g.Ply() || back.Position().FEN() != g.Position().FEN() {
				t.Errorf("%s in %s: read back differs", path, style)
			}
		}
	}
}
