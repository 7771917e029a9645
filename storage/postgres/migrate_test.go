package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// TestMigrationsFromEveryVersion: a database left at each older version (with
// a live game and a finished one in it, as that version wrote them) is brought
// to the newest, keeps its games, and finds the live one due at once; two
// processes opening one database together migrate it once.
func TestMigrationsFromEveryVersion(t *testing.T) {
	dsn := testDSN(t)
	ctx := context.Background()
	for v := 1; v < SchemaVersion(); v++ {
		schema := newSchema(t, dsn)
		old := openTest(t, &Options{Schema: schema, SchemaTarget: v})
		// Version 1 rows: no wake column yet.
		for id, live := range map[int]bool{1: true, 2: false} {
			status := "active"
			if !live {
				status = "finished"
			}
			if _, err := old.pool.Exec(ctx, `INSERT INTO games (id, platform, chat_id, live, version, header)
				VALUES ($1::bigint, 'tg', 'c', $2, 4, json_build_object('id', $4::text, 'platform', 'tg', 'chat_id', 'c', 'status', $3::text, 'version', 4))`,
				id, live, status, fmt.Sprint(id)); err != nil {
				t.Fatal(err)
			}
		}
		if v >= 2 { // as version 2 writes a live game: with its wake time
			if _, err := old.pool.Exec(ctx, `UPDATE games SET wake = '2020-01-01T00:00:00Z',
				header = (header::jsonb || '{"wake": "2020-01-01T00:00:00Z"}')::json WHERE live`); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := old.pool.Exec(ctx, `INSERT INTO chats (platform, chat_id, data) VALUES ('tg', 'c',
			'{"platform": "tg", "chat_id": "c", "puzzle_subscribed": true, "puzzle_time": "09:00"}')`); err != nil {
			t.Fatal(err)
		}
		if v >= 3 { // as version 3 writes a subscribed chat: with its wake time
			if _, err := old.pool.Exec(ctx, `UPDATE chats SET wake = '2020-01-01T00:00:00Z',
				data = (data::jsonb || '{"wake": "2020-01-01T00:00:00Z"}')::json`); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := old.pool.Exec(ctx, `SELECT setval('game_ids', 2)`); err != nil {
			t.Fatal(err)
		}
		old.Close()

		var wg sync.WaitGroup
		stores := make([]*Store, 2)
		for i := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := Open(ctx, dsn, &Options{Schema: schema, Logger: slog.New(slog.DiscardHandler)})
				if err != nil {
					t.Error(err)
					return
				}
				stores[i] = s
				t.Cleanup(func() { s.Close() })
			}()
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		s := stores[0]
		var got int
		if err := s.pool.QueryRow(ctx, `SELECT version FROM chuhe_schema`).Scan(&got); err != nil || got != SchemaVersion() {
			t.Fatalf("from version %d: schema %d (%v), want %d", v, got, err, SchemaVersion())
		}
		due, err := s.DueGames(ctx, time.Now(), 0)
		if err != nil || len(due) != 1 || due[0].ID != "1" || due[0].Version != 4 {
			t.Fatalf("from version %d: due %v (%v), want the live game", v, due, err)
		}
		g := &storage.Game{Platform: "tg", ChatID: "c", Status: storage.StatusOpen}
		if err := s.CreateGame(ctx, g); err != nil || g.ID != "3" {
			t.Errorf("from version %d: a new game got id %q (%v), want 3", v, g.ID, err)
		}
		if cs, err := s.DueChats(ctx, time.Now(), 0); err != nil || len(cs) != 1 || !cs[0].PuzzleSubscribed {
			t.Errorf("from version %d: due chats %v (%v), want the subscribed one", v, cs, err)
		}
		key := storage.RatingKey{Pool: "xiangqi", Scope: storage.ScopeGlobal, Player: "tg/u"}
		if _, err := s.UpdateRatings(ctx, []storage.RatingKey{key}, func(rs []*storage.Rating) error { rs[0].Games = 1; return nil }); err != nil {
			t.Errorf("from version %d: ratings: %v", v, err)
		}
	}
}

// TestNewerSchemaRefused: a database written by a newer program is refused.
func TestNewerSchemaRefused(t *testing.T) {
	s := openTest(t, nil)
	if _, err := s.pool.Exec(context.Background(), `UPDATE chuhe_schema SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	var schema string
	_ = s.pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&schema)
	_, err := Open(context.Background(), testDSN(t), &Options{Schema: schema, Logger: slog.New(slog.DiscardHandler)})
	if !errors.Is(err, storage.ErrSchemaTooNew) {
		t.Fatalf("Open = %v, want ErrSchemaTooNew", err)
	}
}

// TestImportFromBolt: every record of a bbolt file lands in PostgreSQL as it
// was (ids, versions, moves, outbox order), the counts agree, and new ids
// continue after the old ones.
func TestImportFromBolt(t *testing.T) {
	ctx := context.Background()
	b, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var want []*storage.Game
	for range 3 {
		g := storetest.FullGame()
		if err := b.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		want = append(want, g)
	}
	if _, _, err := b.ChangeGame(ctx, storage.GameChange{ID: "2", ExpectVersion: 1, Mutate: func(g *storage.Game) error {
		g.Status = storage.StatusFinished
		return nil
	}, Outbox: func(g *storage.Game) ([]*storage.OutboxEntry, error) {
		return []*storage.OutboxEntry{{Platform: "telegram", ChatID: g.ChatID, Payload: []byte(`"over"`)}}, nil
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.UpdateChat(ctx, "telegram", "c", func(c *storage.Chat) error { c.Language = "zh-Hant"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := b.PutValue(ctx, "inbound", "telegram/9", map[string]int{"update_id": 9}); err != nil {
		t.Fatal(err)
	}
	if err := b.RecordSent(ctx, []storage.SentMessage{{Platform: "telegram", ChatID: "c", ID: "5", About: "1"}}); err != nil {
		t.Fatal(err)
	}
	var recs []storage.Record
	last, err := b.Export(ctx, func(r storage.Record) error { recs = append(recs, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	p := openTest(t, nil)
	if err := p.Import(ctx, recs, last); err != nil {
		t.Fatal(err)
	}
	wc, _ := b.Counts(ctx)
	gc, _ := p.Counts(ctx)
	for k, n := range wc {
		if gc[k] != n {
			t.Errorf("%s: %d in bbolt, %d in PostgreSQL", k, n, gc[k])
		}
	}
	for _, id := range []string{"1", "2", "3"} {
		bg, _ := b.Game(ctx, id)
		pg, err := p.Game(ctx, id)
		if err != nil || pg.Version != bg.Version || len(pg.Moves) != len(bg.Moves) || pg.Status != bg.Status || !pg.Wake.Equal(bg.Wake) {
			t.Errorf("game %s: %v (%v), want %v", id, pg, err, bg)
		}
	}
	if pend, err := p.PendingOutbox(ctx, "telegram", want[0].ChatID, ""); err != nil || len(pend) != 1 {
		t.Errorf("outbox after import: %v, %v", pend, err)
	}
	g := &storage.Game{Platform: "tg", ChatID: "c", Status: storage.StatusOpen}
	if err := p.CreateGame(ctx, g); err != nil || g.ID != "4" {
		t.Errorf("a new game got id %q (%v), want 4", g.ID, err)
	}
}
