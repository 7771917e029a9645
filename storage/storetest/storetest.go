// Package storetest is the contract of storage.Store as one test suite, run
// against every implementation (the bbolt store in storage, PostgreSQL in
// storage/postgres), so that the bot can rely on the same behaviour from both.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// Opener makes a fresh, empty store for one test, stamping with now, and
// closes it when the test ends.
type Opener func(t *testing.T, now func() time.Time) storage.Store

// Run runs the contract suite; each case gets its own store.
func Run(t *testing.T, open Opener) {
	cases := []struct {
		name string
		fn   func(t *testing.T, s storage.Store)
	}{
		{"GameRoundTrip", testGameRoundTrip},
		{"GameErrors", testGameErrors},
		{"AppendMove", testAppendMove},
		{"UpdateGame", testUpdateGame},
		{"Indices", testIndices},
		{"DueGames", testDueGames},
		{"DueChats", testDueChats},
		{"ChatAndUser", testChatAndUser},
		{"PuzzleScoresAndValues", testPuzzleScoresAndValues},
		{"ChangeGameOutbox", testChangeGameOutbox},
		{"ChangeGameCreates", testChangeGameCreates},
		{"ClaimOrderAndLeases", testClaimOrderAndLeases},
		{"InlineLease", testInlineLease},
		{"TrimValues", testTrimValues},
		{"ClaimValues", testClaimValues},
		{"RacingValueClaims", testRacingValueClaims},
		{"Leases", testLeases},
		{"RacingWriters", testRacingWriters},
		{"RacingClaimers", testRacingClaimers},
		{"RacingRecordUpdates", testRacingRecordUpdates},
		{"Closed", testClosed},
		{"Ratings", testRatings},
		{"RacingRatings", testRacingRatings},
		{"ChangeGameRates", testChangeGameRates},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.fn(t, open(t, NewClock().Now))
		})
	}
}

// Clock ticks one second per call, so stamps are distinct and predictable.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts at 2025-03-01 12:00 UTC.
func NewClock() *Clock { return &Clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

// Now is the next second.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

func at(min int) time.Time { return time.Date(2025, 3, 1, 10, min, 0, 0, time.UTC) }

// FullGame sets every field of a game, so that a round trip shows each survives.
func FullGame() *storage.Game {
	return &storage.Game{
		Platform: "telegram",
		ChatID:   "-100123",
		Players:  [2]storage.Player{{UserID: "u1", Name: "Red Player"}, {UserID: "u2", Name: "黑方"}},
		Variant:  "jieqi",
		Options:  []string{"flying-general", "no-repetition"},
		StartFEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		Secrets:  storage.Secrets{"red": "real e0", "black": "layout 3"},
		Rated:    true,
		Moves: []storage.MoveRecord{
			{Text: "h2e2", At: at(1), Side: storage.Red},
			{Text: "h9g7", At: at(2).In(time.FixedZone("CST", 8*3600)), Side: storage.Black},
		},
		Status: storage.StatusActive,
		Clock: storage.Clock{
			Control:        storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour},
			RemainingRed:   time.Hour,
			RemainingBlack: 59 * time.Minute,
			TurnStarted:    at(2),
			Deadline:       at(2).Add(72 * time.Hour),
			RemindersSent:  1,
			LastReminder:   at(3),
		},
		Wake:            at(2).Add(48 * time.Hour),
		BoardMessageID:  "msg-77",
		DrawOffer:       storage.Black,
		TakebackRequest: storage.NoSide,
		CreatedAt:       at(0),
	}
}

// sameGame compares two games field by field; times compare as instants in UTC.
func sameGame(t *testing.T, got, want *storage.Game) {
	t.Helper()
	norm := func(g *storage.Game) *storage.Game {
		c := g.Clone()
		for i := range c.Moves {
			c.Moves[i].At = c.Moves[i].At.UTC()
		}
		return c
	}
	if g, w := norm(got), norm(want); !reflect.DeepEqual(g, w) {
		t.Errorf("game differs:\n got %#v\nwant %#v\n got moves %v\nwant moves %v", *g, *w, g.Moves, w.Moves)
	}
}

func ids(gs []*storage.Game) string {
	var out []string
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return strings.Join(out, ",")
}

func testGameRoundTrip(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
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
	g2 := &storage.Game{Platform: "discord", ChatID: "c9", Status: storage.StatusOpen, Variant: "xiangqi",
		Players: [2]storage.Player{{UserID: "u1"}}, DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide}
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
}

func testGameErrors(t *testing.T, s storage.Store) {
	ctx := context.Background()
	for _, id := range []string{"", "0", "7", "abc", "#1", "01", "-1", "+1", "99999999999999999999999", "18446744073709551615"} {
		if _, err := s.Game(ctx, id); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("Game(%q) = %v, want ErrNotFound", id, err)
		}
	}
	for name, g := range map[string]*storage.Game{
		"id_set":         {ID: "5", Platform: "t", ChatID: "c", Status: storage.StatusOpen},
		"no_platform":    {ChatID: "c", Status: storage.StatusOpen},
		"no_chat":        {Platform: "t", Status: storage.StatusOpen},
		"nul_in_chat":    {Platform: "t", ChatID: "c\x00d", Status: storage.StatusOpen},
		"nul_in_user":    {Platform: "t", ChatID: "c", Status: storage.StatusOpen, Players: [2]storage.Player{{UserID: "a\x00"}}},
		"unknown_status": {Platform: "t", ChatID: "c", Status: "paused"},
	} {
		if err := s.CreateGame(ctx, g); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("CreateGame(%s) = %v, want ErrInvalid", name, err)
		}
	}
	if _, err := s.AppendMove(ctx, "3", 1, storage.MoveRecord{Text: "a0a1"}, nil); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("AppendMove to a missing game = %v, want ErrNotFound", err)
	}
	if err := s.UpdateGame(ctx, &storage.Game{ID: "3", Platform: "t", ChatID: "c", Status: storage.StatusOpen, Version: 1}); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("UpdateGame of a missing game = %v, want ErrNotFound", err)
	}
}

func testAppendMove(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
	g.Moves = nil
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.AppendMove(ctx, g.ID, 1, storage.MoveRecord{Text: "h2e2", At: at(5), Side: storage.Red}, func(g *storage.Game) error {
		g.Clock.Deadline = at(5).Add(time.Hour)
		g.DrawOffer = storage.NoSide
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 || len(got.Moves) != 1 || !got.Clock.Deadline.Equal(at(65)) || got.DrawOffer != storage.NoSide {
		t.Errorf("after append: %v deadline %v draw %d", got, got.Clock.Deadline, got.DrawOffer)
	}
	loaded, _ := s.Game(ctx, g.ID)
	sameGame(t, loaded, got)

	// A stale version is a conflict and writes nothing.
	_, err = s.AppendMove(ctx, g.ID, 1, storage.MoveRecord{Text: "h9g7", At: at(6), Side: storage.Black}, nil)
	if !errors.Is(err, storage.ErrConflict) || !strings.Contains(err.Error(), "game changed meanwhile") {
		t.Fatalf("got %v, want ErrConflict saying what happened", err)
	}
	// A mutate error cancels the move.
	boom := errors.New("clock says no")
	if _, err = s.AppendMove(ctx, g.ID, 2, storage.MoveRecord{Text: "h9g7"}, func(*storage.Game) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v, want the mutate error", err)
	}
	if loaded, _ := s.Game(ctx, g.ID); loaded.Version != 2 || len(loaded.Moves) != 1 {
		t.Errorf("after a conflict and a failed mutate: %v", loaded)
	}
	// mutate cannot change the id or the version.
	got, err = s.AppendMove(ctx, g.ID, 2, storage.MoveRecord{Text: "h9g7", At: at(6), Side: storage.Black}, func(g *storage.Game) error {
		g.ID, g.Version = "999", 100
		return nil
	})
	if err != nil || got.ID != g.ID || got.Version != 3 {
		t.Errorf("got %v, %v; want id %s version 3", got, err, g.ID)
	}
	// A cancelled context writes nothing.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.AppendMove(cctx, g.ID, 3, storage.MoveRecord{Text: "a0a1"}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if loaded, _ := s.Game(ctx, g.ID); loaded.Version != 3 {
		t.Errorf("version %d after a cancelled write", loaded.Version)
	}
}

func testUpdateGame(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		var err error
		if g, err = s.AppendMove(ctx, g.ID, g.Version, storage.MoveRecord{Text: fmt.Sprintf("m%d", i), At: at(10 + i), Side: i % 2}, nil); err != nil {
			t.Fatal(err)
		}
	}
	// A takeback shortens the move list.
	g.Moves = g.Moves[:len(g.Moves)-2]
	g.TakebackRequest = storage.NoSide
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
	stale := g.Clone()
	stale.Version--
	stale.Result = "1-0"
	if err := s.UpdateGame(ctx, stale); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	if stale.Version != g.Version-1 {
		t.Error("a refused update changed the caller's version")
	}
	// An edited move is rewritten.
	g.Moves[0].Text = "b2e2"
	if err := s.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	loaded, _ = s.Game(ctx, g.ID)
	sameGame(t, loaded, g)
}

func testIndices(t *testing.T, s storage.Store) {
	ctx := context.Background()
	mk := func(chat, red, black string, st storage.Status) *storage.Game {
		g := &storage.Game{Platform: "tg", ChatID: chat, Status: st, Variant: "xiangqi",
			Players: [2]storage.Player{{UserID: red}, {UserID: black}}, DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	mk("c1", "alice", "bob", storage.StatusActive)        // 1
	mk("c1", "alice", "", storage.StatusOpen)             // 2
	mk("c2", "bob", "carol", storage.StatusFinished)      // 3
	g4 := mk("c1", "carol", "carol", storage.StatusSetup) // 4: playing oneself
	other := &storage.Game{Platform: "dc", ChatID: "c1", Status: storage.StatusActive, Players: [2]storage.Player{{UserID: "alice"}}}
	if err := s.CreateGame(ctx, other); err != nil {
		t.Fatal(err)
	}
	check := func(name string, gs []*storage.Game, err error, want string) {
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
		gs, err = s.GamesInChat(ctx, "tg", "c", false)
		check(label+" chat c", gs, err, want[6])
	}
	listings("initially", [7]string{"1,2,4", "1,2,4", "1,2", "1", "3,4", "1,2,4,5", ""})
	g1, _ := s.Game(ctx, "1")
	g1.Status, g1.Result, g1.Reason = storage.StatusFinished, "1-0", "checkmate"
	g1.Players[1].UserID = "dave"
	if err := s.UpdateGame(ctx, g1); err != nil {
		t.Fatal(err)
	}
	g4.Status = storage.StatusAborted
	if err := s.UpdateGame(ctx, g4); err != nil {
		t.Fatal(err)
	}
	listings("after updates", [7]string{"1,2,4", "2", "1,2", "", "3,4", "2,5", ""})
	if gs, err := s.GamesOfUser(ctx, "tg", "dave", false); err != nil || ids(gs) != "1" {
		t.Errorf("dave's games = [%s] %v, want [1]", ids(gs), err)
	}
}

// testDueGames: the games whose wake time has come, earliest first; a game
// over, or without a wake time, is never due; a write moves a game in the index.
func testDueGames(t *testing.T, s storage.Store) {
	ctx := context.Background()
	mk := func(st storage.Status, wake time.Time) *storage.Game {
		g := &storage.Game{Platform: "tg", ChatID: "c", Status: st, Variant: "xiangqi", Wake: wake,
			DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	mk(storage.StatusActive, at(30))                       // 1
	mk(storage.StatusOpen, at(10))                         // 2
	mk(storage.StatusActive, time.Time{})                  // 3: untimed
	mk(storage.StatusFinished, at(5))                      // 4: over
	g5 := mk(storage.StatusSetup, at(20))                  // 5
	mk(storage.StatusActive, at(90))                       // 6: later
	mk(storage.StatusActive, at(30).Add(time.Millisecond)) // 7: just after 1
	due := func(now time.Time, limit int, want string) {
		t.Helper()
		gs, err := s.DueGames(ctx, now, limit)
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(gs); got != want {
			t.Errorf("DueGames(%v, %d) = [%s], want [%s]", now.Format("15:04:05.000000000"), limit, got, want)
		}
	}
	due(at(0), 0, "")
	due(at(10), 0, "2")
	due(at(30), 0, "2,5,1")
	due(at(31), 0, "2,5,1,7")
	due(at(31), 2, "2,5")
	g5.Wake = at(95)
	if err := s.UpdateGame(ctx, g5); err != nil {
		t.Fatal(err)
	}
	g2, _ := s.Game(ctx, "2")
	g2.Status = storage.StatusAborted
	if err := s.UpdateGame(ctx, g2); err != nil {
		t.Fatal(err)
	}
	due(at(31), 0, "1,7")
	due(at(100), 0, "1,7,6,5")
	if gs, _ := s.DueGames(ctx, at(100), 1); len(gs) != 1 || !gs[0].Wake.Equal(at(30)) {
		t.Errorf("a due game comes back without its wake time: %v", gs)
	}
}

// testDueChats: the chats whose wake time has come, earliest first; a write
// moves a chat in the index (PutChat and UpdateChat alike).
func testDueChats(t *testing.T, s storage.Store) {
	ctx := context.Background()
	for i, w := range []time.Time{at(20), {}, at(10), at(40)} {
		if err := s.PutChat(ctx, &storage.Chat{Platform: "tg", ChatID: fmt.Sprint("c", i), Wake: w}); err != nil {
			t.Fatal(err)
		}
	}
	due := func(now time.Time, limit int, want string) {
		t.Helper()
		cs, err := s.DueChats(ctx, now, limit)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cs {
			got = append(got, c.ChatID)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("DueChats(%v, %d) = [%s], want [%s]", now.Format("15:04"), limit, strings.Join(got, ","), want)
		}
	}
	due(at(5), 0, "")
	due(at(20), 0, "c2,c0")
	due(at(50), 1, "c2")
	if _, err := s.UpdateChat(ctx, "tg", "c2", func(c *storage.Chat) error { c.Wake = at(45); return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateChat(ctx, "tg", "c0", func(c *storage.Chat) error { c.Wake = time.Time{}; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.PutChat(ctx, &storage.Chat{Platform: "tg", ChatID: "c1", Wake: at(0)}); err != nil {
		t.Fatal(err)
	}
	due(at(50), 0, "c1,c3,c2")
}

func testChatAndUser(t *testing.T, s storage.Store) {
	ctx := context.Background()
	if _, err := s.Chat(ctx, "tg", "c1"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing chat: %v", err)
	}
	c := &storage.Chat{Platform: "tg", ChatID: "c1", Title: "象棋俱乐部", Language: "zh-Hans", Notation: "chinese",
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
	upd, err := s.UpdateChat(ctx, "tg", "c2", func(c *storage.Chat) error { c.Language = "en"; return nil })
	if err != nil || upd.Language != "en" || upd.Platform != "tg" || upd.ChatID != "c2" {
		t.Errorf("UpdateChat on a new chat = %+v, %v", upd, err)
	}
	upd, err = s.UpdateChat(ctx, "tg", "c1", func(c *storage.Chat) error { c.PuzzleLastPosted = "2025-03-01"; return nil })
	if err != nil || upd.PuzzleLastPosted != "2025-03-01" || upd.Title != c.Title {
		t.Errorf("UpdateChat keeps other fields: %+v, %v", upd, err)
	}
	no := errors.New("already posted")
	if _, err := s.UpdateChat(ctx, "tg", "c3", func(*storage.Chat) error { return no }); !errors.Is(err, no) {
		t.Errorf("UpdateChat passes fn's error: %v", err)
	}
	if _, err := s.Chat(ctx, "tg", "c3"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a refused UpdateChat left a chat behind: %v", err)
	}
	chats, err := s.Chats(ctx)
	if err != nil || len(chats) != 2 || chats[0].ChatID != "c1" || chats[1].ChatID != "c2" {
		t.Errorf("Chats = %v, %v", chats, err)
	}
	if _, err := s.User(ctx, "tg", "u1"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing user: %v", err)
	}
	u := &storage.User{Platform: "tg", UserID: "u1", Name: "Wang", Handle: "@wang", CanDM: true, DMChannel: "u1",
		Prefs: map[string]string{"notation": "wxf"}}
	if err := s.PutUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	gotU, err := s.User(ctx, "tg", "u1")
	if err != nil || !reflect.DeepEqual(gotU, u) {
		t.Errorf("user round trip:\n got %+v %v\nwant %+v", gotU, err, u)
	}
	gotU, err = s.UpdateUser(ctx, "tg", "u1", func(u *storage.User) error { u.CanDM = false; return nil })
	if err != nil || gotU.CanDM || gotU.Name != "Wang" {
		t.Errorf("UpdateUser = %+v, %v", gotU, err)
	}
	if err := s.PutUser(ctx, &storage.User{Platform: "tg"}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("PutUser without id = %v, want ErrInvalid", err)
	}
	if err := s.PutChat(ctx, &storage.Chat{ChatID: "x"}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("PutChat without platform = %v, want ErrInvalid", err)
	}
}

func testPuzzleScoresAndValues(t *testing.T, s storage.Store) {
	ctx := context.Background()
	solve := func(p *storage.PuzzleScore) error { p.Solved++; p.Streak++; p.LastSolvedDay = "2025-03-01"; return nil }
	if _, err := s.PuzzleScore(ctx, "tg", "c", "u2"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing score: %v", err)
	}
	for _, u := range []string{"u2", "u1", "u2"} {
		if _, err := s.UpdatePuzzleScore(ctx, "tg", "c", u, solve); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.UpdatePuzzleScore(ctx, "tg", "other", "u1", solve); err != nil {
		t.Fatal(err)
	}
	ps, err := s.PuzzleScores(ctx, "tg", "c")
	if err != nil || len(ps) != 2 || ps[0].UserID != "u1" || ps[1].UserID != "u2" || ps[1].Solved != 2 || ps[0].ChatID != "c" {
		t.Errorf("PuzzleScores = %+v, %v", ps, err)
	}
	type rec struct{ A, B string }
	if err := s.PutValue(ctx, "b", "k2", rec{"x", "y"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValues(ctx, "b", []storage.Value{{Key: "k1", JSON: []byte(`{"A":"1"}`)}, {Key: "j", JSON: []byte(`2`)}}); err != nil {
		t.Fatal(err)
	}
	var r rec
	if err := s.GetValue(ctx, "b", "k2", &r); err != nil || r != (rec{"x", "y"}) {
		t.Errorf("GetValue = %+v, %v", r, err)
	}
	if err := s.GetValue(ctx, "b", "nope", &r); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing value: %v", err)
	}
	if err := s.GetValue(ctx, "nobucket", "k", &r); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing bucket: %v", err)
	}
	vs, err := s.Values(ctx, "b", "k")
	if err != nil || len(vs) != 2 || vs[0].Key != "k1" || vs[1].Key != "k2" {
		t.Errorf("Values(k) = %v, %v", vs, err)
	}
	if vs, err := s.Values(ctx, "b", ""); err != nil || len(vs) != 3 {
		t.Errorf("Values() = %v, %v", vs, err)
	}
	if err := s.DeleteValue(ctx, "b", "k1"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteValue(ctx, "b", "k1"); err != nil {
		t.Errorf("deleting a missing key: %v", err)
	}
	if vs, _ := s.Values(ctx, "b", "k"); len(vs) != 1 {
		t.Errorf("after delete: %v", vs)
	}
	if err := s.PutValue(ctx, "", "k", 1); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("empty bucket: %v", err)
	}
}

func entry(chat, game, text string) *storage.OutboxEntry {
	return &storage.OutboxEntry{Platform: "telegram", ChatID: chat, GameID: game, Kind: "board", Payload: json.RawMessage(fmt.Sprintf("%q", text))}
}

func payloads(es []*storage.OutboxEntry) string {
	var out []string
	for _, e := range es {
		var s string
		_ = json.Unmarshal(e.Payload, &s)
		out = append(out, s)
	}
	return fmt.Sprint(out)
}

func testChangeGameOutbox(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
	g.Moves = nil
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValue(ctx, "inbound", "telegram/1", map[string]int{"update_id": 1}); err != nil {
		t.Fatal(err)
	}
	mv := storage.MoveRecord{Text: "h2e2", At: at(1)}
	stored, es, err := s.ChangeGame(ctx, storage.GameChange{
		ID: g.ID, ExpectVersion: g.Version, Append: &mv,
		Outbox: func(g *storage.Game) ([]*storage.OutboxEntry, error) {
			return []*storage.OutboxEntry{entry(g.ChatID, g.ID, fmt.Sprintf("board v%d ply %d", g.Version, len(g.Moves)))}, nil
		},
		Consume: []storage.ValueRef{{Bucket: "inbound", Key: "telegram/1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Moves) != 1 || len(es) != 1 || es[0].ID == 0 || payloads(es) != "[board v2 ply 1]" {
		t.Fatalf("stored %d moves, entries %s", len(stored.Moves), payloads(es))
	}
	var v map[string]int
	if err := s.GetValue(ctx, "inbound", "telegram/1", &v); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("consumed inbound record still there: %v", err)
	}
	_, _, err = s.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version, Append: &mv,
		Outbox: func(g *storage.Game) ([]*storage.OutboxEntry, error) {
			return []*storage.OutboxEntry{entry(g.ChatID, g.ID, "lost")}, nil
		}})
	if !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("stale write: %v", err)
	}
	pend, err := s.PendingOutbox(ctx, "telegram", g.ChatID, "")
	if err != nil || payloads(pend) != "[board v2 ply 1]" {
		t.Fatalf("pending %s, %v", payloads(pend), err)
	}
	if pend, _ := s.PendingOutbox(ctx, "telegram", "", g.ID); len(pend) != 1 {
		t.Errorf("pending by game: %s", payloads(pend))
	}
	if n, oldest, err := s.OutboxStats(ctx); err != nil || n != 1 || !oldest.Equal(es[0].CreatedAt) {
		t.Errorf("OutboxStats = %d, %v, %v; want 1, %v", n, oldest, err, es[0].CreatedAt)
	}
}

func testChangeGameCreates(t *testing.T, s storage.Store) {
	ctx := context.Background()
	if err := s.PutValue(ctx, "inbound", "telegram/7", map[string]int{"update_id": 7}); err != nil {
		t.Fatal(err)
	}
	g := FullGame()
	g.Moves = nil
	owe := func(g *storage.Game) ([]*storage.OutboxEntry, error) {
		return []*storage.OutboxEntry{entry(g.ChatID, g.ID, "challenge #"+g.ID)}, nil
	}
	if _, _, err := s.ChangeGame(ctx, storage.GameChange{Replace: g, Outbox: func(*storage.Game) ([]*storage.OutboxEntry, error) {
		return nil, errors.New("no")
	}}); err == nil {
		t.Fatal("a failing Outbox created the game")
	}
	stored, es, err := s.ChangeGame(ctx, storage.GameChange{Replace: g, Outbox: owe, Consume: []storage.ValueRef{{Bucket: "inbound", Key: "telegram/7"}}})
	if err != nil {
		t.Fatal(err)
	}
	if stored.Version != 1 || stored.ID == "" || g.ID != "" {
		t.Fatalf("created %q v%d (the given game's id %q)", stored.ID, stored.Version, g.ID)
	}
	if len(es) != 1 || payloads(es) != "[challenge #"+stored.ID+"]" {
		t.Errorf("entries %s", payloads(es))
	}
	if gs, err := s.GamesInChat(ctx, g.Platform, g.ChatID, false); err != nil || len(gs) != 1 {
		t.Errorf("%d games in the chat (%v), want the one created", len(gs), err)
	}
	for _, bad := range []func(*storage.Game) ([]*storage.OutboxEntry, error){
		func(*storage.Game) ([]*storage.OutboxEntry, error) { return nil, errors.New("no") },
		func(g *storage.Game) ([]*storage.OutboxEntry, error) {
			return []*storage.OutboxEntry{entry(g.ChatID, g.ID, "fine"), {Platform: "telegram"}}, nil
		},
	} {
		_, _, err := s.ChangeGame(ctx, storage.GameChange{ID: stored.ID, ExpectVersion: stored.Version, Outbox: bad,
			Mutate: func(g *storage.Game) error { g.Status = storage.StatusAborted; return nil }})
		if err == nil {
			t.Error("a failing Outbox changed the game")
		}
		if now, err := s.Game(ctx, stored.ID); err != nil || now.Version != stored.Version || now.Status != stored.Status {
			t.Errorf("after a failing Outbox the game is %v (%v)", now, err)
		}
	}
	if pending, err := s.PendingOutbox(ctx, g.Platform, g.ChatID, ""); err != nil || len(pending) != 1 {
		t.Errorf("%d entries pending (%v), want the challenge only", len(pending), err)
	}
}

// testClaimOrderAndLeases: entries of one destination go out in order and one
// sender at a time; a retry holds the destination back; a lease that ran out
// is taken over; a finished entry records its message.
func testClaimOrderAndLeases(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if err := s.Enqueue(ctx, []*storage.OutboxEntry{entry("-1", "1", "a1"), entry("-2", "2", "b1"), entry("-1", "1", "a2")}); err != nil {
		t.Fatal(err)
	}
	got, err := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "x", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if payloads(got) != "[a1 a2 b1]" {
		t.Fatalf("claimed %s", payloads(got))
	}
	if other, _ := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "y", Now: now}); len(other) != 0 {
		t.Fatalf("second sender claimed %s", payloads(other))
	}
	if err := s.FinishOutbox(ctx, "y", []storage.OutboxResult{{ID: got[0].ID}}); !errors.Is(err, storage.ErrLeaseLost) {
		t.Fatalf("finish by a non-holder: %v", err)
	}
	if err := s.FinishOutbox(ctx, "x", []storage.OutboxResult{{ID: got[0].ID, Sent: []storage.SentMessage{{Platform: "telegram", ChatID: "-1", ID: "77", About: "1"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishOutbox(ctx, "x", []storage.OutboxResult{{ID: got[1].ID, Err: "503", Retry: now.Add(time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Enqueue(ctx, []*storage.OutboxEntry{entry("-1", "1", "a3")}); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "x", Now: now.Add(time.Second)}); len(again) != 0 {
		t.Fatalf("claimed %s while a2 waits and b1 is leased", payloads(again))
	}
	if m, err := s.Sent(ctx, "telegram", "-1", "77"); err != nil || m.About != "1" {
		t.Fatalf("sent record %+v, %v", m, err)
	}
	if _, err := s.Sent(ctx, "telegram", "-1", "78"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("an unknown message: %v", err)
	}
	// Two minutes on, b1's lease has run out (its sender died): z takes all.
	got, err = s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "z", Now: now.Add(2 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if payloads(got) != "[a2 a3 b1]" {
		t.Fatalf("after the lease ran out claimed %s", payloads(got))
	}
	if got[0].Attempts != 1 || got[0].LastError != "503" {
		t.Errorf("a2 lost its failure record: %+v", got[0])
	}
	if err := s.FinishOutbox(ctx, "x", []storage.OutboxResult{{ID: got[2].ID}}); !errors.Is(err, storage.ErrLeaseLost) {
		t.Errorf("the sender whose lease ran out finished b1: %v", err)
	}
	// a2 fails for good; a3 (a newer board of game 1) delivered: a2 is dropped.
	if err := s.FinishOutbox(ctx, "z", []storage.OutboxResult{{ID: got[0].ID, Err: "403 Forbidden"}}); err != nil {
		t.Fatal(err)
	}
	if pend, _ := s.PendingOutbox(ctx, "telegram", "-1", ""); len(pend) != 2 || !pend[0].Failed {
		t.Fatalf("pending after failure: %+v", pend)
	}
	if err := s.FinishOutbox(ctx, "z", []storage.OutboxResult{{ID: got[1].ID}, {ID: got[2].ID, Superseded: true}}); err != nil {
		t.Fatal(err)
	}
	if pend, _ := s.PendingOutbox(ctx, "telegram", "-1", ""); len(pend) != 0 {
		t.Fatalf("the failed board outlived a newer delivered one: %s", payloads(pend))
	}
	if n, err := s.PruneSent(ctx, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || n != 0 {
		t.Fatalf("pruned %d records older than 2000, %v", n, err)
	}
	if n, err := s.PruneSent(ctx, time.Now().Add(24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want the one record", n, err)
	}
	if _, err := s.Sent(ctx, "telegram", "-1", "77"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a pruned record is still found: %v", err)
	}
	if err := s.RecordSent(ctx, []storage.SentMessage{{Platform: "telegram", ChatID: "-1", ID: "90", About: "puzzle:1"}}); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Sent(ctx, "telegram", "-1", "90"); err != nil || m.About != "puzzle:1" {
		t.Errorf("recorded message: %+v, %v", m, err)
	}
}

func testInlineLease(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	first := entry("-1", "1", "first")
	first.Lease = storage.Lease{Holder: "inline", Until: now.Add(time.Minute)}
	if err := s.Enqueue(ctx, []*storage.OutboxEntry{first}); err != nil {
		t.Fatal(err)
	}
	if first.Lease.Session == "" {
		t.Fatal("the first entry of an empty destination was not leased")
	}
	second := entry("-1", "1", "second")
	second.Lease = storage.Lease{Holder: "inline", Until: now.Add(time.Minute)}
	if err := s.Enqueue(ctx, []*storage.OutboxEntry{second}); err != nil {
		t.Fatal(err)
	}
	if second.Lease.Holder != "" {
		t.Fatal("an entry jumped the queue of its destination")
	}
	if got, _ := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "sender", Now: now}); len(got) != 0 {
		t.Fatalf("the sender claimed %s while the handler delivers", payloads(got))
	}
	if err := s.FinishOutbox(ctx, "inline", []storage.OutboxResult{{ID: first.ID}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "sender", Now: now}); payloads(got) != "[second]" {
		t.Fatalf("after the handler delivered, the sender claimed %s", payloads(got))
	}
}

func testTrimValues(t *testing.T, s storage.Store) {
	ctx := context.Background()
	var vs []storage.Value
	for i := 0; i < 10; i++ {
		vs = append(vs, storage.Value{Key: fmt.Sprintf("tg/~seen/%04d", i), JSON: json.RawMessage("1")})
	}
	vs = append(vs, storage.Value{Key: "tg/0001", JSON: json.RawMessage(`{"update":1}`)}, storage.Value{Key: "tg/~seeo", JSON: json.RawMessage("2")})
	if err := s.PutValues(ctx, "inbound", vs); err != nil {
		t.Fatal(err)
	}
	n, err := s.TrimValues(ctx, "inbound", "tg/~seen/", 3)
	if err != nil || n != 7 {
		t.Fatalf("trimmed %d (%v), want 7", n, err)
	}
	left, err := s.Values(ctx, "inbound", "tg/")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, v := range left {
		keys = append(keys, v.Key)
	}
	if got, want := fmt.Sprint(keys), "[tg/0001 tg/~seen/0007 tg/~seen/0008 tg/~seen/0009 tg/~seeo]"; got != want {
		t.Errorf("left %s, want %s", got, want)
	}
	if n, err := s.TrimValues(ctx, "inbound", "tg/~seen/", 3); err != nil || n != 0 {
		t.Errorf("trimming again removed %d (%v)", n, err)
	}
	if n, err := s.TrimValues(ctx, "no such bucket", "x", 0); err != nil || n != 0 {
		t.Errorf("trimming a missing bucket: %d, %v", n, err)
	}
	if _, err := s.TrimValues(ctx, "inbound", "", 3); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("an empty prefix would trim the whole bucket: %v", err)
	}
}

// testRacingWriters: writers racing on one game with the version they read:
// exactly one wins each round, and no move is lost or applied twice.
func testRacingWriters(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
	g.Moves = nil
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	const writers, rounds = 4, 10
	applied := 0
	for r := range rounds {
		cur, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, conflicts := 0, 0
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.AppendMove(ctx, g.ID, cur.Version, storage.MoveRecord{Text: fmt.Sprintf("r%dw%d", r, w)}, nil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, storage.ErrConflict):
					conflicts++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if wins != 1 || conflicts != writers-1 {
			t.Fatalf("round %d: %d wins, %d conflicts", r, wins, conflicts)
		}
		applied++
	}
	final, err := s.Game(ctx, g.ID)
	if err != nil || len(final.Moves) != applied || final.Version != uint64(1+applied) {
		t.Fatalf("final %v (%v), want %d moves", final, err, applied)
	}
}

// testRacingClaimers: senders claiming at once never lease one entry twice.
func testRacingClaimers(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var es []*storage.OutboxEntry
	for i := range 40 {
		es = append(es, entry(fmt.Sprint(i%8), "1", fmt.Sprint(i)))
	}
	if err := s.Enqueue(ctx, es); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[uint64]string{}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			holder := fmt.Sprint("h", w)
			for range 20 {
				got, err := s.ClaimOutbox(ctx, storage.OutboxClaim{Holder: holder, Now: now, MaxDests: 2, PerDest: 2})
				if err != nil {
					t.Error(err)
					return
				}
				var rs []storage.OutboxResult
				mu.Lock()
				for _, e := range got {
					if h, ok := seen[e.ID]; ok {
						t.Errorf("entry %d claimed by %s and %s", e.ID, h, holder)
					}
					seen[e.ID] = holder
					rs = append(rs, storage.OutboxResult{ID: e.ID})
				}
				mu.Unlock()
				if err := s.FinishOutbox(ctx, holder, rs); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if pend, _ := s.PendingOutbox(ctx, "telegram", "", "1"); len(pend)+len(seen) != 40 {
		t.Errorf("%d delivered, %d pending, want 40 in all", len(seen), len(pend))
	}
}

// testRacingRecordUpdates: concurrent UpdateChat and UpdatePuzzleScore calls
// all count (none is lost), also on a record that did not exist.
func testRacingRecordUpdates(t *testing.T, s storage.Store) {
	ctx := context.Background()
	const n = 8
	var wg sync.WaitGroup
	for range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			if _, err := s.UpdatePuzzleScore(ctx, "tg", "c", "u", func(p *storage.PuzzleScore) error { p.Solved++; return nil }); err != nil {
				t.Error(err)
			}
		}()
		go func() {
			defer wg.Done()
			if _, err := s.UpdateChat(ctx, "tg", "c", func(c *storage.Chat) error { c.Title += "x"; return nil }); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if p, err := s.PuzzleScore(ctx, "tg", "c", "u"); err != nil || p.Solved != n {
		t.Errorf("score %+v (%v), want %d solved", p, err, n)
	}
	if c, err := s.Chat(ctx, "tg", "c"); err != nil || len(c.Title) != n {
		t.Errorf("chat %+v (%v), want %d updates", c, err, n)
	}
}

func testClosed(t *testing.T, s storage.Store) {
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Game(ctx, "1"); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("Game after Close: %v", err)
	}
	if err := s.CreateGame(ctx, FullGame()); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("CreateGame after Close: %v", err)
	}
	if err := s.Close(); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("second Close: %v", err)
	}
}
