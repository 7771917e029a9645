package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/chuhe/chuhe/storage"
)

// testRatings: UpdateRatings creates, changes and lists ratings by pool and
// scope and by player; a failing fn writes nothing; a key twice is refused.
func testRatings(t *testing.T, s storage.Store) {
	ctx := context.Background()
	k := func(pool, scope, player string) storage.RatingKey {
		return storage.RatingKey{Pool: pool, Scope: scope, Player: player}
	}
	a := k("xiangqi", storage.ScopeGlobal, "telegram/1")
	b := k("xiangqi", storage.ScopeGlobal, "telegram/2")
	ac := k("xiangqi", "telegram/-100", "telegram/1")
	js := k("jieqi", storage.ScopeGlobal, "telegram/1")
	got, err := s.UpdateRatings(ctx, []storage.RatingKey{b, a, ac}, func(rs []*storage.Rating) error {
		for i, r := range rs {
			if r.Games != 0 || r.Rating != 0 {
				return fmt.Errorf("record %d is not new: %+v", i, r)
			}
			r.Rating, r.Deviation, r.Volatility, r.Games, r.Name = 1500+float64(i), 350, 0.06, 1, "p"
			r.NoteApplied("7")
		}
		rs[1].Wins = 1
		return nil
	})
	if err != nil || len(got) != 3 || got[0].RatingKey != b || got[1].Wins != 1 || got[1].UpdatedAt.IsZero() {
		t.Fatalf("UpdateRatings = %+v, %v", got, err)
	}
	boom := errors.New("boom")
	if _, err := s.UpdateRatings(ctx, []storage.RatingKey{a, js}, func(rs []*storage.Rating) error {
		rs[0].Games, rs[1].Games = 99, 99
		return boom
	}); !errors.Is(err, boom) {
		t.Errorf("a failing fn: %v, want it back", err)
	}
	if _, err := s.UpdateRatings(ctx, []storage.RatingKey{a, a}, func([]*storage.Rating) error { return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a key twice: %v, want ErrInvalid", err)
	}
	if _, err := s.UpdateRatings(ctx, []storage.RatingKey{k("", "*", "x")}, func([]*storage.Rating) error { return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("an empty pool: %v, want ErrInvalid", err)
	}
	if _, err := s.UpdateRatings(ctx, []storage.RatingKey{js}, func(rs []*storage.Rating) error {
		rs[0].Games, rs[0].Rating = 2, 1600
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	list := func(rs []*storage.Rating, err error) string {
		if err != nil {
			return "error " + err.Error()
		}
		var out []string
		for _, r := range rs {
			out = append(out, fmt.Sprintf("%s|%s|%s|%d|%.0f|%s", r.Pool, r.Scope, r.Player, r.Games, r.Rating, strings.Join(r.Applied, ",")))
		}
		return strings.Join(out, " ")
	}
	if g, w := list(s.Ratings(ctx, "xiangqi", storage.ScopeGlobal)), "xiangqi|*|telegram/1|1|1501|7 xiangqi|*|telegram/2|1|1500|7"; g != w {
		t.Errorf("Ratings(xiangqi, global) = %s, want %s", g, w)
	}
	if g, w := list(s.Ratings(ctx, "xiangqi", "telegram/-100")), "xiangqi|telegram/-100|telegram/1|1|1502|7"; g != w {
		t.Errorf("Ratings(xiangqi, chat) = %s, want %s", g, w)
	}
	if g := list(s.Ratings(ctx, "banqi", storage.ScopeGlobal)); g != "" {
		t.Errorf("Ratings of an empty pool = %s", g)
	}
	if g, w := list(s.RatingsOf(ctx, "telegram/1")), "jieqi|*|telegram/1|2|1600| xiangqi|*|telegram/1|1|1501|7 xiangqi|telegram/-100|telegram/1|1|1502|7"; g != w {
		t.Errorf("RatingsOf = %s, want %s", g, w)
	}
	if g := list(s.RatingsOf(ctx, "telegram/3")); g != "" {
		t.Errorf("RatingsOf a stranger = %s", g)
	}
}

// testRacingRatings: games ending at once for one player all count.
func testRacingRatings(t *testing.T, s storage.Store) {
	ctx := context.Background()
	me := storage.RatingKey{Pool: "xiangqi", Scope: storage.ScopeGlobal, Player: "discord/9"}
	var wg sync.WaitGroup
	const n = 12
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			other := storage.RatingKey{Pool: "xiangqi", Scope: storage.ScopeGlobal, Player: fmt.Sprintf("discord/o%d", i)}
			keys := []storage.RatingKey{me, other}
			if i%2 == 1 {
				keys = []storage.RatingKey{other, me}
			}
			if _, err := s.UpdateRatings(ctx, keys, func(rs []*storage.Rating) error {
				for _, r := range rs {
					r.Games++
				}
				return nil
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	rs, err := s.RatingsOf(ctx, me.Player)
	if err != nil || len(rs) != 1 || rs[0].Games != n {
		t.Errorf("after %d racing games: %+v, %v", n, rs, err)
	}
}

// testChangeGameRates: a game write changes ratings in its transaction, before
// its outbox is made; a failing outbox or a version conflict leaves them as
// they were.
func testChangeGameRates(t *testing.T, s storage.Store) {
	ctx := context.Background()
	g := FullGame()
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	keys := []storage.RatingKey{
		{Pool: "jieqi", Scope: storage.ScopeGlobal, Player: "telegram/u1"},
		{Pool: "jieqi", Scope: storage.ScopeGlobal, Player: "telegram/u2"},
	}
	var sawWins int
	rate := &storage.RatingChange{Keys: keys, Apply: func(g *storage.Game, rs []*storage.Rating) error {
		if g.Status != storage.StatusFinished {
			return fmt.Errorf("apply sees status %s", g.Status)
		}
		rs[0].Wins++
		rs[1].Losses++
		for _, r := range rs {
			r.Games++
			r.NoteApplied(g.ID)
		}
		sawWins = rs[0].Wins
		return nil
	}}
	finish := func(gm *storage.Game) error { gm.Status, gm.Result = storage.StatusFinished, "1-0"; return nil }
	boom := errors.New("boom")
	if _, _, err := s.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version, Mutate: finish, Rate: rate,
		Outbox: func(*storage.Game) ([]*storage.OutboxEntry, error) { return nil, boom }}); !errors.Is(err, boom) {
		t.Fatalf("failing outbox: %v", err)
	}
	if rs, err := s.Ratings(ctx, "jieqi", storage.ScopeGlobal); err != nil || len(rs) != 0 {
		t.Errorf("ratings after a failed write: %+v, %v", rs, err)
	}
	if _, _, err := s.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version + 5, Mutate: finish, Rate: rate}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("stale version: %v", err)
	}
	_, es, err := s.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version, Mutate: finish, Rate: rate,
		Outbox: func(*storage.Game) ([]*storage.OutboxEntry, error) {
			return []*storage.OutboxEntry{entry("-100123", g.ID, fmt.Sprintf("wins %d", sawWins))}, nil
		}})
	if err != nil || len(es) != 1 || payloads(es) != "[wins 1]" {
		t.Fatalf("ChangeGame with ratings: %v, %v", payloads(es), err)
	}
	rs, err := s.Ratings(ctx, "jieqi", storage.ScopeGlobal)
	if err != nil || len(rs) != 2 || rs[0].Wins != 1 || rs[1].Losses != 1 || !rs[0].HasApplied(g.ID) {
		t.Errorf("ratings after the game: %+v, %v", rs, err)
	}
}
