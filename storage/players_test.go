package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestRatingApplied checks the bookkeeping of counted games.
func TestRatingApplied(t *testing.T) {
	var r Rating
	for i := range MaxApplied + 5 {
		r.NoteApplied(fmt.Sprint(i))
	}
	if len(r.Applied) != MaxApplied || r.HasApplied("4") || !r.HasApplied("5") || !r.HasApplied(fmt.Sprint(MaxApplied+4)) {
		t.Errorf("Applied = %v", r.Applied)
	}
}

// TestMigrateV6ToV7: a data file as version 6 wrote it (no ratings) opens,
// keeps its games, chats and values, and rates from then on.
func TestMigrateV6ToV7(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v6.db")
	s := mustOpenAt(t, path, nil)
	g := &Game{Platform: "tg", ChatID: "c1", Status: StatusActive, Players: [2]Player{{UserID: "alice"}, {UserID: "bob"}},
		Moves: []MoveRecord{{Text: "h2e2", At: at(1)}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValue(ctx, "bot.x", "k", "v"); err != nil {
		t.Fatal(err)
	}
	// Make it the file version 6 left: without the buckets of version 7.
	if err := s.db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketRatings, bucketRatingsByPlayer} {
			if err := tx.DeleteBucket(b); err != nil {
				return err
			}
		}
		return putSchema(tx, 6)
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = mustOpenAt(t, path, nil)
	if v := schemaOf(t, s); v != 7 {
		t.Fatalf("schema %d after Open, want 7", v)
	}
	if err := s.Verify(ctx); err != nil {
		t.Fatalf("migrated file: %v", err)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil || len(got.Moves) != 1 || got.Rated {
		t.Fatalf("old game after migration: %v, %v", got, err)
	}
	var v string
	if err := s.GetValue(ctx, "bot.x", "k", &v); err != nil || v != "v" {
		t.Errorf("old value after migration: %q, %v", v, err)
	}
	if rs, err := s.RatingsOf(ctx, "tg/alice"); err != nil || len(rs) != 0 {
		t.Errorf("ratings right after migration: %v, %v", rs, err)
	}
	key := RatingKey{Pool: "xiangqi", Scope: ScopeGlobal, Player: "tg/alice"}
	if _, err := s.UpdateRatings(ctx, []RatingKey{key}, func(rs []*Rating) error { rs[0].Games = 1; return nil }); err != nil {
		t.Fatal(err)
	}
	if rs, err := s.Ratings(ctx, "xiangqi", ScopeGlobal); err != nil || len(rs) != 1 || rs[0].Games != 1 {
		t.Errorf("ratings after migration: %v, %v", rs, err)
	}
}
