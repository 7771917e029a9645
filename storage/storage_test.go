package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock ticks one second per call, so stamps are distinct and predictable.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// quietLogger drops everything below errors, so tests stay readable.
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
}

// mustOpen opens a real bbolt file in a fresh temporary directory and closes it
// when the test ends.
func mustOpen(t testing.TB, opts *Options) *Bolt {
	t.Helper()
	return mustOpenAt(t, filepath.Join(t.TempDir(), "chuhe.db"), opts)
}

func mustOpenAt(t testing.TB, path string, opts *Options) *Bolt {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	if opts.Now == nil {
		opts.Now = newFakeClock().Now
	}
	if opts.Logger == nil {
		opts.Logger = quietLogger()
	}
	s, err := Open(path, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil && !errors.Is(err, ErrClosed) {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func at(min int) time.Time { return time.Date(2025, 3, 1, 10, min, 0, 0, time.UTC) }

// fullGame sets every field of a game, so a round trip shows that each survives.
func fullGame() *Game {
	return &Game{
		Platform: "telegram",
		ChatID:   "-100123",
		Players:  [2]Player{{UserID: "u1", Name: "Red Player"}, {UserID: "u2", Name: "黑方"}},
		Variant:  "jieqi",
		Options:  []string{"flying-general", "no-repetition"},
		StartFEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		Secrets:  Secrets{"red": "real e0", "black": "layout 3"},
		Moves: []MoveRecord{
			{Text: "h2e2", At: at(1), Side: Red},
			{Text: "h9g7", At: at(2).In(time.FixedZone("CST", 8*3600)), Side: Black},
		},
		Status: StatusActive,
		Result: "",
		Reason: "",
		Clock: Clock{
			Control:        TimeControl{Kind: KindCorrespondence, Base: 0, Increment: 0, PerMove: 72 * time.Hour},
			RemainingRed:   time.Hour,
			RemainingBlack: 59 * time.Minute,
			TurnStarted:    at(2),
			Deadline:       at(2).Add(72 * time.Hour),
			RemindersSent:  1,
			LastReminder:   at(3),
		},
		BoardMessageID:  "msg-77",
		DrawOffer:       Black,
		TakebackRequest: NoSide,
		CreatedAt:       at(0),
	}
}

// sameGame compares two games field by field; times compare as instants, since a
// JSON round trip keeps the offset but not the zone's name.
func sameGame(t *testing.T, got, want *Game) {
	t.Helper()
	norm := func(g *Game) *Game {
		c := g.Clone()
		for i := range c.Moves {
			c.Moves[i].At = c.Moves[i].At.UTC()
		}
		return c
	}
	if g, w := norm(got), norm(want); !reflect.DeepEqual(g, w) {
		t.Errorf("game differs:\n got %#v\nwant %#v\n got moves %v secrets %v\nwant moves %v secrets %v",
			*g, *w, g.Moves, map[string]string(g.Secrets), w.Moves, map[string]string(w.Secrets))
	}
}

func TestGameRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	g := fullGame()
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if g.ID != "1" || g.Version != 1 || g.UpdatedAt.IsZero() || !g.CreatedAt.Equal(at(0)) {
		t.Errorf("after create: id %q version %d created %v updated %v", g.ID, g.Version, g.CreatedAt, g.UpdatedAt)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)

	// A second game gets the next short id, and a zero CreatedAt is stamped.
	g2 := &Game{Platform: "discord", ChatID: "c9", Status: StatusOpen, Variant: "xiangqi",
		Players: [2]Player{{UserID: "u1"}}, DrawOffer: NoSide, TakebackRequest: NoSide}
	if err := s.CreateGame(ctx, g2); err != nil {
		t.Fatal(err)
	}
	if g2.ID != "2" || g2.CreatedAt.IsZero() {
		t.Errorf("second game: id %q created %v", g2.ID, g2.CreatedAt)
	}
	got2, err := s.Game(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got2, g2)
	if err := s.Verify(ctx); err != nil {
		t.Error(err)
	}
}

func TestGameErrors(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	for _, id := range []string{"", "0", "7", "abc", "#1", "01", "-1", "+1", "99999999999999999999999"} {
		if _, err := s.Game(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Errorf("Game(%q) = %v, want ErrNotFound", id, err)
		}
	}
	for name, g := range map[string]*Game{
		"id_set":         {ID: "5", Platform: "t", ChatID: "c", Status: StatusOpen},
		"no_platform":    {ChatID: "c", Status: StatusOpen},
		"no_chat":        {Platform: "t", Status: StatusOpen},
		"nul_in_chat":    {Platform: "t", ChatID: "c\x00d", Status: StatusOpen},
		"nul_in_user":    {Platform: "t", ChatID: "c", Status: StatusOpen, Players: [2]Player{{UserID: "a\x00"}}},
		"unknown_status": {Platform: "t", ChatID: "c", Status: "paused"},
	} {
		if err := s.CreateGame(ctx, g); !errors.Is(err, ErrInvalid) {
			t.Errorf("CreateGame(%s) = %v, want ErrInvalid", name, err)
		}
	}
	if _, err := s.AppendMove(ctx, "3", 1, MoveRecord{Text: "a0a1"}, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("AppendMove to a missing game = %v, want ErrNotFound", err)
	}
	if err := s.UpdateGame(ctx, &Game{ID: "3", Platform: "t", ChatID: "c", Status: StatusOpen, Version: 1}); !errors.Is(err, ErrNotFound) {
		t.Errorf("UpdateGame of a missing game = %v, want ErrNotFound", err)
	}
}

func TestAppendMove(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	g := fullGame()
	g.Moves = nil
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}

	t.Run("appends_and_mutates_in_one_write", func(t *testing.T) {
		got, err := s.AppendMove(ctx, g.ID, 1, MoveRecord{Text: "h2e2", At: at(5), Side: Red}, func(g *Game) error {
			g.Clock.Deadline = at(5).Add(time.Hour)
			g.DrawOffer = NoSide
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != 2 || len(got.Moves) != 1 || !got.Clock.Deadline.Equal(at(65)) || got.DrawOffer != NoSide {
			t.Errorf("after append: %v deadline %v draw %d", got, got.Clock.Deadline, got.DrawOffer)
		}
		loaded, _ := s.Game(ctx, g.ID)
		sameGame(t, loaded, got)
	})

	t.Run("stale_version_is_a_conflict_and_writes_nothing", func(t *testing.T) {
		_, err := s.AppendMove(ctx, g.ID, 1, MoveRecord{Text: "h9g7", At: at(6), Side: Black}, nil)
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		if !strings.Contains(err.Error(), "game changed meanwhile") {
			t.Errorf("error text %q does not say what happened", err)
		}
		loaded, _ := s.Game(ctx, g.ID)
		if loaded.Version != 2 || len(loaded.Moves) != 1 {
			t.Errorf("after conflict: %v", loaded)
		}
	})

	t.Run("mutate_error_cancels_the_move", func(t *testing.T) {
		boom := errors.New("clock says no")
		_, err := s.AppendMove(ctx, g.ID, 2, MoveRecord{Text: "h9g7", At: at(6), Side: Black}, func(*Game) error { return boom })
		if !errors.Is(err, boom) {
			t.Fatalf("got %v, want the mutate error", err)
		}
		loaded, _ := s.Game(ctx, g.ID)
		if loaded.Version != 2 || len(loaded.Moves) != 1 {
			t.Errorf("after failed mutate: %v", loaded)
		}
	})

	t.Run("mutate_cannot_change_id_or_version", func(t *testing.T) {
		got, err := s.AppendMove(ctx, g.ID, 2, MoveRecord{Text: "h9g7", At: at(6), Side: Black}, func(g *Game) error {
			g.ID, g.Version = "999", 100
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != g.ID || got.Version != 3 {
			t.Errorf("got id %s version %d, want %s and 3", got.ID, got.Version, g.ID)
		}
	})

	t.Run("cancelled_context_writes_nothing", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.AppendMove(cctx, g.ID, 3, MoveRecord{Text: "a0a1"}, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		loaded, _ := s.Game(ctx, g.ID)
		if loaded.Version != 3 {
			t.Errorf("version %d after a cancelled write", loaded.Version)
		}
	})
}

func TestUpdateGame(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	g := fullGame()
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		var err error
		if g, err = s.AppendMove(ctx, g.ID, g.Version, MoveRecord{Text: fmt.Sprintf("m%d", i), At: at(10 + i), Side: i % 2}, nil); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("takeback_shortens_the_move_list", func(t *testing.T) {
		g.Moves = g.Moves[:len(g.Moves)-2]
		g.TakebackRequest = NoSide
		before := g.Version
		if err := s.UpdateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if g.Version != before+1 {
			t.Errorf("version %d, want %d", g.Version, before+1)
		}
		loaded, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameGame(t, loaded, g)
		if err := s.Verify(ctx); err != nil {
			t.Error(err)
		}
	})

	t.Run("stale_version_is_a_conflict", func(t *testing.T) {
		stale := g.Clone()
		stale.Version--
		stale.Result = "1-0"
		if err := s.UpdateGame(ctx, stale); !errors.Is(err, ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		if stale.Version != g.Version-1 {
			t.Error("a refused update changed the caller's version")
		}
	})

	t.Run("edited_move_is_rewritten", func(t *testing.T) {
		g.Moves[0].Text = "b2e2"
		if err := s.UpdateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		loaded, _ := s.Game(ctx, g.ID)
		sameGame(t, loaded, g)
	})
}

func ids(gs []*Game) string {
	var out []string
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return strings.Join(out, ",")
}

func TestIndices(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	mk := func(chat, red, black string, st Status) *Game {
		g := &Game{Platform: "tg", ChatID: chat, Status: st, Variant: "xiangqi",
			Players: [2]Player{{UserID: red}, {UserID: black}}, DrawOffer: NoSide, TakebackRequest: NoSide}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	mk("c1", "alice", "bob", StatusActive)        // 1
	mk("c1", "alice", "", StatusOpen)             // 2
	mk("c2", "bob", "carol", StatusFinished)      // 3
	g4 := mk("c1", "carol", "carol", StatusSetup) // 4: playing oneself
	// Same chat id on another platform is another chat.
	other := &Game{Platform: "dc", ChatID: "c1", Status: StatusActive, Players: [2]Player{{UserID: "alice"}}}
	if err := s.CreateGame(ctx, other); err != nil {
		t.Fatal(err)
	}

	check := func(name string, gs []*Game, err error, want string) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := ids(gs); got != want {
			t.Errorf("%s = [%s], want [%s]", name, got, want)
		}
	}
	listings := func(label string, want [7]string) {
		t.Helper()
		gs, err := s.GamesInChat(ctx, "tg", "c1", false)
		check(label+" chat c1", gs, err, want[0])
		gs, err = s.GamesInChat(ctx, "tg", "c1", true)
		check(label+" chat c1 live", gs, err, want[1])
		gs, err = s.GamesOfUser(ctx, "tg", "alice", false)
		check(label+" alice", gs, err, want[2])
		gs, err = s.GamesOfUser(ctx, "tg", "bob", true)
		check(label+" bob live", gs, err, want[3])
		gs, err = s.GamesOfUser(ctx, "tg", "carol", false)
		check(label+" carol", gs, err, want[4])
		gs, err = s.ActiveGames(ctx)
		check(label+" active", gs, err, want[5])
		gs, err = s.GamesInChat(ctx, "tg", "c", false) // a prefix of c1 is not c1
		check(label+" chat c", gs, err, want[6])
	}
	listings("initially", [7]string{"1,2,4", "1,2,4", "1,2", "1", "3,4", "1,2,4,5", ""})

	// Finishing a game and moving a seat update every index in the same write.
	g1, _ := s.Game(ctx, "1")
	g1.Status, g1.Result, g1.Reason = StatusFinished, "1-0", "checkmate"
	g1.Players[1].UserID = "dave"
	if err := s.UpdateGame(ctx, g1); err != nil {
		t.Fatal(err)
	}
	g4.Status = StatusAborted
	if err := s.UpdateGame(ctx, g4); err != nil {
		t.Fatal(err)
	}
	listings("after updates", [7]string{"1,2,4", "2", "1,2", "", "3,4", "2,5", ""})
	if gs, err := s.GamesOfUser(ctx, "tg", "dave", false); err != nil || ids(gs) != "1" {
		t.Errorf("dave's games = [%s] %v, want [1]", ids(gs), err)
	}
	if err := s.Verify(ctx); err != nil {
		t.Error(err)
	}
}

func TestChatAndUserRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)

	if _, err := s.Chat(ctx, "tg", "c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing chat: %v", err)
	}
	c := &Chat{Platform: "tg", ChatID: "c1", Title: "象棋俱乐部", Language: "zh-Hans", Notation: "chinese",
		DefaultVariant: "xiangqi", DefaultTimeControl: "3d", PuzzleSubscribed: true, PuzzleTime: "08:30",
		PuzzleTZ: "Asia/Shanghai", PuzzleLastPosted: "2025-02-28", Prefs: map[string]string{"theme": "wood"}}
	if err := s.PutChat(ctx, c); err != nil {
		t.Fatal(err)
	}
	got, err := s.Chat(ctx, "tg", "c1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) || c.UpdatedAt.IsZero() {
		t.Errorf("chat round trip:\n got %+v\nwant %+v", got, c)
	}
	upd, err := s.UpdateChat(ctx, "tg", "c2", func(c *Chat) error { c.Language = "en"; return nil })
	if err != nil || upd.Language != "en" || upd.Platform != "tg" || upd.ChatID != "c2" {
		t.Errorf("UpdateChat on a new chat = %+v, %v", upd, err)
	}
	upd, err = s.UpdateChat(ctx, "tg", "c1", func(c *Chat) error { c.PuzzleLastPosted = "2025-03-01"; return nil })
	if err != nil || upd.PuzzleLastPosted != "2025-03-01" || upd.Title != c.Title {
		t.Errorf("UpdateChat keeps other fields: %+v, %v", upd, err)
	}
	no := errors.New("already posted")
	if _, err := s.UpdateChat(ctx, "tg", "c1", func(*Chat) error { return no }); !errors.Is(err, no) {
		t.Errorf("UpdateChat passes fn's error: %v", err)
	}
	chats, err := s.Chats(ctx)
	if err != nil || len(chats) != 2 {
		t.Errorf("Chats = %d chats, %v", len(chats), err)
	}

	if _, err := s.User(ctx, "tg", "u1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing user: %v", err)
	}
	u := &User{Platform: "tg", UserID: "u1", Name: "Wang", Handle: "@wang", CanDM: true, DMChannel: "u1",
		Prefs: map[string]string{"notation": "wxf"}}
	if err := s.PutUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	gotU, err := s.User(ctx, "tg", "u1")
	if err != nil || !reflect.DeepEqual(gotU, u) {
		t.Errorf("user round trip:\n got %+v %v\nwant %+v", gotU, err, u)
	}
	gotU, err = s.UpdateUser(ctx, "tg", "u1", func(u *User) error { u.CanDM = false; return nil })
	if err != nil || gotU.CanDM || gotU.Name != "Wang" {
		t.Errorf("UpdateUser = %+v, %v", gotU, err)
	}
	if err := s.PutUser(ctx, &User{Platform: "tg"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("PutUser without id = %v, want ErrInvalid", err)
	}
	if err := s.PutChat(ctx, &Chat{ChatID: "x"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("PutChat without platform = %v, want ErrInvalid", err)
	}
}

func TestPuzzleScoresAndValues(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)

	solve := func(p *PuzzleScore) error {
		p.Solved++
		p.Streak++
		p.BestStreak = max(p.BestStreak, p.Streak)
		p.LastSolvedDay = "2025-03-01"
		p.Name = "Li"
		return nil
	}
	// Racing solutions all count.
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			if _, err := s.UpdatePuzzleScore(ctx, "tg", "c1", "u1", solve); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := s.UpdatePuzzleScore(ctx, "tg", "c1", "u0", solve); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdatePuzzleScore(ctx, "tg", "c10", "u9", solve); err != nil {
		t.Fatal(err)
	}
	p, err := s.PuzzleScore(ctx, "tg", "c1", "u1")
	if err != nil {
		t.Fatal(err)
	}
	want := PuzzleScore{Platform: "tg", ChatID: "c1", UserID: "u1", Name: "Li", Solved: 10, Streak: 10,
		BestStreak: 10, LastSolvedDay: "2025-03-01", UpdatedAt: p.UpdatedAt}
	if *p != want || p.UpdatedAt.IsZero() {
		t.Errorf("score = %+v, want %+v", *p, want)
	}
	ps, err := s.PuzzleScores(ctx, "tg", "c1")
	if err != nil || len(ps) != 2 || ps[0].UserID != "u0" || ps[1].UserID != "u1" {
		t.Errorf("PuzzleScores(c1) = %v, %v", ps, err)
	}
	if _, err := s.PuzzleScore(ctx, "tg", "c1", "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing score: %v", err)
	}

	type progress struct {
		Puzzle int      `json:"puzzle"`
		Tries  []string `json:"tries"`
	}
	in := progress{Puzzle: 42, Tries: []string{"h2e2", "c3c4"}}
	if err := s.PutValue(ctx, "puzzle_progress", "tg/c1/2025-03-01", in); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValue(ctx, "puzzle_progress", "tg/c2/2025-03-01", progress{Puzzle: 7}); err != nil {
		t.Fatal(err)
	}
	var out progress
	if err := s.GetValue(ctx, "puzzle_progress", "tg/c1/2025-03-01", &out); err != nil || !reflect.DeepEqual(out, in) {
		t.Errorf("value round trip: %+v, %v", out, err)
	}
	if err := s.GetValue(ctx, "puzzle_progress", "nope", &out); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing key: %v", err)
	}
	if err := s.GetValue(ctx, "no_bucket", "k", &out); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing bucket: %v", err)
	}
	vs, err := s.Values(ctx, "puzzle_progress", "tg/c1/")
	if err != nil || len(vs) != 1 || vs[0].Key != "tg/c1/2025-03-01" || !bytes.Contains(vs[0].JSON, []byte(`"puzzle":42`)) {
		t.Errorf("Values = %+v, %v", vs, err)
	}
	if err := s.DeleteValue(ctx, "puzzle_progress", "tg/c1/2025-03-01"); err != nil {
		t.Fatal(err)
	}
	if err := s.GetValue(ctx, "puzzle_progress", "tg/c1/2025-03-01", &out); !errors.Is(err, ErrNotFound) {
		t.Errorf("after delete: %v", err)
	}
	if err := s.PutValue(ctx, "", "k", 1); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty bucket: %v", err)
	}
	if err := s.Verify(ctx); err != nil {
		t.Error(err)
	}
}

func TestFileIsOwnerOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "chuhe.db")
	s := mustOpenAt(t, path, nil)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new data file mode = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("new data dir mode = %v, %v; want 0700", fi.Mode().Perm(), err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// A file someone made readable is tightened on the next Open.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	mustOpenAt(t, path, nil)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("reopened data file mode = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
}

func TestOpenTwiceIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chuhe.db")
	mustOpenAt(t, path, nil)
	_, err := Open(path, &Options{LockTimeout: 50 * time.Millisecond, Logger: quietLogger()})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}
}

func TestClosed(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	g := &Game{Platform: "t", ChatID: "c", Status: StatusActive}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close = %v", err)
	}
	if _, err := s.Game(ctx, g.ID); !errors.Is(err, ErrClosed) {
		t.Errorf("Game after Close = %v", err)
	}
	if _, err := s.AppendMove(ctx, g.ID, 1, MoveRecord{Text: "a0a1"}, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("AppendMove after Close = %v", err)
	}
}

// TestCloseWaitsForWrites closes the store while writers are busy: every write
// either lands (and is then on disk) or reports ErrClosed.
func TestCloseWaitsForWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "chuhe.db")
	s, err := Open(path, &Options{Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu     sync.Mutex
		landed = map[string]int{}
		wg     sync.WaitGroup
	)
	for range 8 {
		g := &Game{Platform: "t", ChatID: "c", Status: StatusActive}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			v := g.Version
			for {
				got, err := s.AppendMove(ctx, g.ID, v, MoveRecord{Text: "a0a1"}, nil)
				if errors.Is(err, ErrClosed) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				v = got.Version
				mu.Lock()
				landed[g.ID]++
				mu.Unlock()
			}
		})
	}
	time.Sleep(20 * time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	s2 := mustOpenAt(t, path, nil)
	for id, n := range landed {
		g, err := s2.Game(ctx, id)
		if err != nil || len(g.Moves) != n {
			t.Errorf("game %s: %d moves acknowledged, %v stored (%v)", id, n, g, err)
		}
	}
}

func TestSecretsNeverPrinted(t *testing.T) {
	g := fullGame()
	g.ID = "12"
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	log.Info("game", "game", g, "secrets", g.Secrets)
	log.Info("game value", "game", *g)
	for _, out := range []string{buf.String(), fmt.Sprint(g), fmt.Sprintf("%v %+v %#v", *g, *g, *g), fmt.Sprint(g.Secrets)} {
		for _, secret := range g.Secrets {
			if strings.Contains(out, secret) {
				t.Errorf("secret %q printed in %s", secret, out)
			}
		}
	}
}

func TestConcurrentReadersAndWriters(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	const games, moves = 8, 20
	var wg sync.WaitGroup
	for range games {
		g := &Game{Platform: "t", ChatID: "c", Status: StatusActive, Players: [2]Player{{UserID: "a"}, {UserID: "b"}}}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			v := g.Version
			for i := range moves {
				got, err := s.AppendMove(ctx, g.ID, v, MoveRecord{Text: fmt.Sprint(i), Side: i % 2}, nil)
				if err != nil {
					t.Error(err)
					return
				}
				v = got.Version
			}
		})
		wg.Go(func() {
			for range moves {
				if _, err := s.GamesOfUser(ctx, "t", "a", true); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	gs, err := s.GamesInChat(ctx, "t", "c", true)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if len(g.Moves) != moves || g.Version != moves+1 {
			t.Errorf("%v", g)
		}
	}
	if err := s.Verify(ctx); err != nil {
		t.Error(err)
	}
}

func TestPanicInMutateRollsBack(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, nil)
	g := &Game{Platform: "t", ChatID: "c", Status: StatusActive}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	_, err := s.AppendMove(ctx, g.ID, 1, MoveRecord{Text: "a0a1"}, func(g *Game) error {
		g.Status = StatusFinished
		panic("bug in the bot")
	})
	if err == nil || !strings.Contains(err.Error(), "bug in the bot") {
		t.Fatalf("AppendMove with a panicking mutate = %v", err)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil || got.Version != 1 || len(got.Moves) != 0 || got.Status != StatusActive {
		t.Errorf("after a panic: %v, %v", got, err)
	}
	// The committer survived.
	if _, err := s.AppendMove(ctx, g.ID, 1, MoveRecord{Text: "a0a1"}, nil); err != nil {
		t.Error(err)
	}
}
