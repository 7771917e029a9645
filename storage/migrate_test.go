package storage

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// writeV1File writes a data file as version 1 of the schema left it: games, moves
// and the chat index, but no player index and no live list.
func writeV1File(t *testing.T, path string, games []*Game) {
	t.Helper()
	db, err := bolt.Open(path, fileMode, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range bucketsOfVersion1 {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketMeta).Put(keySchema, []byte("1")); err != nil {
			return err
		}
		gb := tx.Bucket(bucketGames)
		for _, g := range games {
			seq, _ := gb.NextSequence()
			k := gameKey(seq)
			header := *g
			header.Moves = nil
			v, _ := json.Marshal(storedGame{Game: &header, NumMoves: len(g.Moves)})
			if err := gb.Put(k, v); err != nil {
				return err
			}
			for i, mv := range g.Moves {
				mvj, _ := json.Marshal(mv)
				if err := tx.Bucket(bucketMoves).Put(moveKey(k, i), mvj); err != nil {
					return err
				}
			}
			if err := tx.Bucket(bucketByChat).Put(indexKey(g.Platform, g.ChatID, k), liveFlag(g.Status)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func schemaOf(t *testing.T, s *Bolt) int {
	t.Helper()
	var v int
	if err := s.db.View(func(tx *bolt.Tx) (err error) { v, err = readSchema(tx); return err }); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMigrateV1ToV2(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	old := []*Game{
		{ID: "1", Platform: "tg", ChatID: "c1", Status: StatusActive, Version: 3,
			Players: [2]Player{{UserID: "alice"}, {UserID: "bob"}},
			Moves:   []MoveRecord{{Text: "h2e2", At: at(1)}, {Text: "h9g7", At: at(2), Side: Black}}},
		{ID: "2", Platform: "tg", ChatID: "c1", Status: StatusFinished, Result: "0-1", Version: 9,
			Players: [2]Player{{UserID: "bob"}, {UserID: "carol"}}},
	}
	writeV1File(t, path, old)

	s := mustOpenAt(t, path, nil)
	if v := schemaOf(t, s); v != SchemaVersion {
		t.Fatalf("schema %d after Open, want %d", v, SchemaVersion)
	}
	if err := s.Verify(ctx); err != nil {
		t.Fatalf("migrated file: %v", err)
	}
	g, err := s.Game(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	// A live game from before wake times is due at once (the bot then writes
	// its own wake time); a finished one is never due.
	want := old[0].Clone()
	want.Wake = legacyWake
	sameGame(t, g, want)
	if gs, err := s.DueGames(ctx, at(0), 0); err != nil || ids(gs) != "1" {
		t.Errorf("due games after migration = [%s] %v, want [1]", ids(gs), err)
	}
	if gs, err := s.GamesOfUser(ctx, "tg", "bob", false); err != nil || ids(gs) != "1,2" {
		t.Errorf("bob's games after migration = [%s] %v, want [1,2]", ids(gs), err)
	}
	if gs, err := s.ActiveGames(ctx); err != nil || ids(gs) != "1" {
		t.Errorf("active games after migration = [%s] %v, want [1]", ids(gs), err)
	}
	// The sequence carried over: new games do not reuse old ids.
	ng := &Game{Platform: "tg", ChatID: "c1", Status: StatusOpen}
	if err := s.CreateGame(ctx, ng); err != nil || ng.ID != "3" {
		t.Errorf("new game after migration: id %q, %v", ng.ID, err)
	}
	if _, err := s.UpdatePuzzleScore(ctx, "tg", "c1", "bob", func(p *PuzzleScore) error { p.Solved++; return nil }); err != nil {
		t.Errorf("puzzle scores after migration: %v", err)
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()

	t.Run("a_newer_schema", func(t *testing.T) {
		path := filepath.Join(dir, "new.db")
		s := mustOpenAt(t, path, nil)
		_ = s.db.Update(func(tx *bolt.Tx) error { return putSchema(tx, SchemaVersion+1) })
		_ = s.Close()
		if _, err := Open(path, &Options{Logger: quietLogger()}); !errors.Is(err, ErrSchemaTooNew) {
			t.Errorf("Open = %v, want ErrSchemaTooNew", err)
		}
	})

	t.Run("a_bbolt_file_of_something_else", func(t *testing.T) {
		path := filepath.Join(dir, "other.db")
		db, err := bolt.Open(path, fileMode, nil)
		if err != nil {
			t.Fatal(err)
		}
		_ = db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err })
		_ = db.Close()
		if _, err := Open(path, &Options{Logger: quietLogger()}); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Open = %v, want ErrCorrupt", err)
		}
	})

	t.Run("a_file_that_is_not_bbolt", func(t *testing.T) {
		path := filepath.Join(dir, "junk.db")
		junk := make([]byte, 8192)
		for i := range junk {
			junk[i] = byte(i * 7)
		}
		if err := os.WriteFile(path, junk, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(path, &Options{Logger: quietLogger()}); err == nil {
			t.Error("Open of junk succeeded")
		}
	})
}

func TestMigrationsCoverEveryVersion(t *testing.T) {
	ms := migrations()
	for i, m := range ms {
		if m.from != i+1 {
			t.Errorf("migration %d starts from %d, want %d", i, m.from, i+1)
		}
	}
	if len(ms) != SchemaVersion-1 {
		t.Errorf("%d migrations for schema %d", len(ms), SchemaVersion)
	}
}
