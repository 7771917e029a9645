package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func entry(chat, game, text string) *OutboxEntry {
	return &OutboxEntry{Platform: "telegram", ChatID: chat, GameID: game, Kind: "board", Payload: json.RawMessage(fmt.Sprintf("%q", text))}
}

func payloads(es []*OutboxEntry) string {
	var out []string
	for _, e := range es {
		var s string
		_ = json.Unmarshal(e.Payload, &s)
		out = append(out, s)
	}
	return fmt.Sprint(out)
}

// TestChangeGameWritesOutboxAtomically: the move, its owed messages and the
// consumed inbound record land in one transaction, and a conflicting write leaves
// no entry behind.
func TestChangeGameWritesOutboxAtomically(t *testing.T) {
	s := mustOpen(t, nil)
	ctx := context.Background()
	g := fullGame()
	g.ID, g.Moves = "", nil
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValue(ctx, "inbound", "telegram/1", map[string]int{"update_id": 1}); err != nil {
		t.Fatal(err)
	}
	mv := MoveRecord{Text: "h2e2", At: at(1)}
	stored, es, err := s.ChangeGame(ctx, GameChange{
		ID: g.ID, ExpectVersion: g.Version, Append: &mv,
		Outbox: func(g *Game) ([]*OutboxEntry, error) {
			return []*OutboxEntry{entry(g.ChatID, g.ID, fmt.Sprintf("board v%d ply %d", g.Version, len(g.Moves)))}, nil
		},
		Consume: []ValueRef{{"inbound", "telegram/1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Moves) != 1 || len(es) != 1 || es[0].ID == 0 {
		t.Fatalf("stored %d moves, entries %+v", len(stored.Moves), es)
	}
	if got := payloads(es); got != "[board v2 ply 1]" {
		t.Errorf("payload %s", got)
	}
	var v map[string]int
	if err := s.GetValue(ctx, "inbound", "telegram/1", &v); !errors.Is(err, ErrNotFound) {
		t.Errorf("consumed inbound record still there: %v", err)
	}
	// A stale version writes neither the move nor the entry.
	_, _, err = s.ChangeGame(ctx, GameChange{ID: g.ID, ExpectVersion: g.Version, Append: &mv,
		Outbox: func(g *Game) ([]*OutboxEntry, error) { return []*OutboxEntry{entry(g.ChatID, g.ID, "lost")}, nil }})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale write: %v", err)
	}
	pend, err := s.PendingOutbox(ctx, "telegram", g.ChatID, "")
	if err != nil || payloads(pend) != "[board v2 ply 1]" {
		t.Fatalf("pending %s, %v", payloads(pend), err)
	}
}

// TestClaimOrderLeasesAndRestart: entries of one destination go out in order
// and one sender at a time; a retry holds the destination back; a lease of an
// earlier Open is void after a restart; a finished entry records its message.
func TestClaimOrderLeasesAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chuhe.db")
	s := mustOpenAt(t, path, nil)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if err := s.Enqueue(ctx, []*OutboxEntry{entry("-1", "1", "a1"), entry("-2", "2", "b1"), entry("-1", "1", "a2")}); err != nil {
		t.Fatal(err)
	}
	got, err := s.ClaimOutbox(ctx, OutboxClaim{Holder: "x", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if payloads(got) != "[a1 a2 b1]" {
		t.Fatalf("claimed %s", payloads(got))
	}
	// Leased: another sender gets nothing.
	if other, _ := s.ClaimOutbox(ctx, OutboxClaim{Holder: "y", Now: now}); len(other) != 0 {
		t.Fatalf("second sender claimed %s", payloads(other))
	}
	if err := s.FinishOutbox(ctx, "y", []OutboxResult{{ID: got[0].ID}}); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("finish by a non-holder: %v", err)
	}
	// a1 delivered, a2 fails and waits a minute: chat -1 is held back.
	if err := s.FinishOutbox(ctx, "x", []OutboxResult{{ID: got[0].ID, Sent: []SentMessage{{Platform: "telegram", ChatID: "-1", ID: "77", About: "1"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishOutbox(ctx, "x", []OutboxResult{{ID: got[1].ID, Err: "503", Retry: now.Add(time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Enqueue(ctx, []*OutboxEntry{entry("-1", "1", "a3")}); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.ClaimOutbox(ctx, OutboxClaim{Holder: "x", Now: now.Add(time.Second)}); len(again) != 0 {
		t.Fatalf("claimed %s while a2 waits and b1 is leased", payloads(again))
	}
	if m, err := s.Sent(ctx, "telegram", "-1", "77"); err != nil || m.About != "1" {
		t.Fatalf("sent record %+v, %v", m, err)
	}
	if n, err := s.PruneSent(ctx, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || n != 0 {
		t.Fatalf("pruned %d records older than 2000, %v", n, err)
	}
	// Restart: the lease on b1 belonged to the old process.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = mustOpenAt(t, path, nil)
	got, err = s.ClaimOutbox(ctx, OutboxClaim{Holder: "z", Now: now.Add(2 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if payloads(got) != "[a2 a3 b1]" {
		t.Fatalf("after restart claimed %s", payloads(got))
	}
	if got[0].Attempts != 1 || got[0].LastError != "503" {
		t.Errorf("a2 lost its failure record: %+v", got[0])
	}
	// a2 fails for good; a3 (newer board of game 1) delivered: a2 is dropped.
	if err := s.FinishOutbox(ctx, "z", []OutboxResult{{ID: got[0].ID, Err: "403 Forbidden"}}); err != nil {
		t.Fatal(err)
	}
	if pend, _ := s.PendingOutbox(ctx, "telegram", "-1", ""); len(pend) != 2 || !pend[0].Failed {
		t.Fatalf("pending after failure: %+v", pend)
	}
	if err := s.FinishOutbox(ctx, "z", []OutboxResult{{ID: got[1].ID}}); err != nil {
		t.Fatal(err)
	}
	if pend, _ := s.PendingOutbox(ctx, "telegram", "-1", ""); len(pend) != 0 {
		t.Fatalf("the failed board outlived a newer delivered one: %s", payloads(pend))
	}
	if n, err := s.PruneSent(ctx, time.Now().Add(24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want the one record", n, err)
	}
	if _, err := s.Sent(ctx, "telegram", "-1", "77"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a pruned record is still found: %v", err)
	}
	if err := s.Verify(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestInlineLeaseWaitsForOlder: an entry a handler wants to deliver itself is
// leased to it only when nothing older waits for its destination.
func TestInlineLeaseWaitsForOlder(t *testing.T) {
	s := mustOpen(t, nil)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	first := entry("-1", "1", "first")
	first.Lease = Lease{Holder: "inline", Until: now.Add(time.Minute)}
	if err := s.Enqueue(ctx, []*OutboxEntry{first}); err != nil {
		t.Fatal(err)
	}
	if first.Lease.Session == "" {
		t.Fatal("the first entry of an empty destination was not leased")
	}
	second := entry("-1", "1", "second")
	second.Lease = Lease{Holder: "inline", Until: now.Add(time.Minute)}
	if err := s.Enqueue(ctx, []*OutboxEntry{second}); err != nil {
		t.Fatal(err)
	}
	if second.Lease.Holder != "" {
		t.Fatal("an entry jumped the queue of its destination")
	}
	if got, _ := s.ClaimOutbox(ctx, OutboxClaim{Holder: "sender", Now: now}); len(got) != 0 {
		t.Fatalf("the sender claimed %s while the handler delivers", payloads(got))
	}
}

// TestTrimValues: the newest records under a prefix stay, the older ones go,
// in one call; records under other prefixes are not touched.
func TestTrimValues(t *testing.T) {
	s := mustOpen(t, nil)
	ctx := context.Background()
	var vs []Value
	for i := 0; i < 10; i++ {
		vs = append(vs, Value{Key: fmt.Sprintf("tg/~seen/%04d", i), JSON: json.RawMessage("1")})
	}
	vs = append(vs, Value{Key: "tg/0001", JSON: json.RawMessage(`{"update":1}`)}, Value{Key: "tg/~seeo", JSON: json.RawMessage("2")})
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
	if _, err := s.TrimValues(ctx, "inbound", "", 3); !errors.Is(err, ErrInvalid) {
		t.Errorf("an empty prefix would trim the whole bucket: %v", err)
	}
}

// sentIndex lists the time index of the sent-message record.
func sentIndex(t testing.TB, s *Bolt) [][]byte {
	var keys [][]byte
	if err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSentByTime)
		if b == nil {
			return errors.New("no time index of sent messages")
		}
		return b.ForEach(func(k, _ []byte) error { keys = append(keys, bytes.Clone(k)); return nil })
	}); err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestPruneSentByTime: the record of sent messages is indexed by time; a
// message recorded again is indexed once, at its new time; PruneSent removes
// the old records and their index keys and leaves the rest; a file of
// schema 3 gets its index at Open.
func TestPruneSentByTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chuhe.db")
	s := mustOpenAt(t, path, nil)
	ctx := context.Background()
	var sent []SentMessage
	for i := 0; i < 50; i++ {
		sent = append(sent, SentMessage{Platform: "telegram", ChatID: "-100", ID: fmt.Sprint(i), About: "1", At: at(i)})
	}
	if err := s.RecordSent(ctx, sent); err != nil {
		t.Fatal(err)
	}
	// Message 3 is recorded again, later (an edit, a re-delivery).
	if err := s.RecordSent(ctx, []SentMessage{{Platform: "telegram", ChatID: "-100", ID: "3", About: "1", At: at(45)}}); err != nil {
		t.Fatal(err)
	}
	if n := len(sentIndex(t, s)); n != 50 {
		t.Fatalf("%d index keys for 50 records", n)
	}
	n, err := s.PruneSent(ctx, at(10))
	if err != nil || n != 9 {
		t.Fatalf("pruned %d (%v), want 9 (0-9 but 3)", n, err)
	}
	for id, want := range map[string]bool{"0": false, "9": false, "3": true, "10": true, "49": true} {
		_, err := s.Sent(ctx, "telegram", "-100", id)
		if got := err == nil; got != want {
			t.Errorf("message %s kept: %v, want %v (%v)", id, got, want, err)
		}
	}
	if n := len(sentIndex(t, s)); n != 41 {
		t.Errorf("%d index keys for 41 records", n)
	}
	if err := s.Verify(ctx); err != nil {
		t.Errorf("verify: %v", err)
	}
	// Verify notices a record without its index key.
	first := sentIndex(t, s)[0]
	if err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSentByTime).Delete(first)
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(ctx); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "41 sent-message records, 40 index keys") {
		t.Errorf("verify of a record without its index key: %v", err)
	}

	// An older file: its records are indexed at Open.
	if err := s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketSentByTime); err != nil {
			return err
		}
		return putSchema(tx, 3)
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = mustOpenAt(t, path, nil)
	if n := len(sentIndex(t, s)); n != 41 {
		t.Fatalf("after the migration %d index keys for 41 records", n)
	}
	if err := s.Verify(ctx); err != nil {
		t.Errorf("verify: %v", err)
	}
	if n, err := s.PruneSent(ctx, at(46)); err != nil || n != 37 {
		t.Errorf("after the migration pruned %d (%v), want 37 (10-45 and 3)", n, err)
	}
}

// BenchmarkPruneSent: an hourly prune of a large record that has little to
// remove, by the time index ("index") and by reading every record as before
// ("scan", the old PruneSent), side by side on the same file.
func BenchmarkPruneSent(b *testing.B) {
	const total, old = 20000, 10
	s := mustOpen(b, nil)
	ctx := context.Background()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var batch []SentMessage
	for i := 0; i < total; i++ {
		batch = append(batch, SentMessage{Platform: "telegram", ChatID: "-100", ID: fmt.Sprint(i), About: "12", At: base.Add(time.Duration(i) * time.Minute)})
		if len(batch) == 1000 {
			if err := s.RecordSent(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	// Each round re-records the old ones and prunes them again, so both
	// ways remove the same ten records every time.
	reold := func() {
		var again []SentMessage
		for i := 0; i < old; i++ {
			again = append(again, SentMessage{Platform: "telegram", ChatID: "-100", ID: fmt.Sprint(i), About: "12", At: base.Add(time.Duration(i) * time.Minute)})
		}
		if err := s.RecordSent(ctx, again); err != nil {
			b.Fatal(err)
		}
	}
	before := base.Add(old * time.Minute)
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			reold()
			b.StartTimer()
			if n, err := s.PruneSent(ctx, before); err != nil || n != old {
				b.Fatalf("pruned %d, %v", n, err)
			}
		}
	})
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			reold()
			b.StartTimer()
			if n, err := pruneSentScan(ctx, s, before); err != nil || n != old {
				b.Fatalf("pruned %d, %v", n, err)
			}
		}
	})
}

// pruneSentScan is PruneSent as it was before the time index: it decodes
// every record to find the old ones.
func pruneSentScan(ctx context.Context, s *Bolt, before time.Time) (int, error) {
	var old [][]byte
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSent).ForEach(func(k, v []byte) error {
			var m SentMessage
			if json.Unmarshal(v, &m) == nil && m.At.Before(before) {
				old = append(old, bytes.Clone(k))
			}
			return nil
		})
	})
	if err != nil || len(old) == 0 {
		return 0, err
	}
	err = s.write(ctx, func(tx *bolt.Tx) error {
		for _, k := range old {
			m := SentMessage{}
			if err := getJSON(tx, bucketSent, k, &m); err == nil {
				if err := tx.Bucket(bucketSentByTime).Delete(sentTimeKey(m.At, k)); err != nil {
					return err
				}
			}
			if err := tx.Bucket(bucketSent).Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	return len(old), err
}

// TestChangeGameCreates: ChangeGame without an id creates the game, with the
// messages it owes (made with its new id) and the consumed record, in one
// transaction; an Outbox that fails leaves no game behind.
func TestChangeGameCreates(t *testing.T) {
	s := mustOpen(t, nil)
	ctx := context.Background()
	if err := s.PutValue(ctx, "inbound", "telegram/7", map[string]int{"update_id": 7}); err != nil {
		t.Fatal(err)
	}
	g := fullGame()
	g.ID, g.Moves = "", nil
	owe := func(g *Game) ([]*OutboxEntry, error) {
		return []*OutboxEntry{entry(g.ChatID, g.ID, "challenge #"+g.ID)}, nil
	}
	if _, _, err := s.ChangeGame(ctx, GameChange{Replace: g, Outbox: func(*Game) ([]*OutboxEntry, error) {
		return nil, errors.New("no")
	}}); err == nil {
		t.Fatal("a failing Outbox created the game")
	}
	stored, es, err := s.ChangeGame(ctx, GameChange{Replace: g, Outbox: owe, Consume: []ValueRef{{Bucket: "inbound", Key: "telegram/7"}}})
	if err != nil {
		t.Fatal(err)
	}
	if stored.Version != 1 || stored.ID == "" || g.ID != "" {
		t.Fatalf("created %q v%d (the given game's id %q)", stored.ID, stored.Version, g.ID)
	}
	if _, err := s.Game(ctx, stored.ID); err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].ID == 0 || payloads(es) != "[challenge #"+stored.ID+"]" {
		t.Errorf("entries %s", payloads(es))
	}
	var v map[string]int
	if err := s.GetValue(ctx, "inbound", "telegram/7", &v); !errors.Is(err, ErrNotFound) {
		t.Errorf("the consumed record is still there: %v", err)
	}
	if gs, err := s.GamesInChat(ctx, g.Platform, g.ChatID, false); err != nil || len(gs) != 1 {
		t.Errorf("%d games in the chat (%v), want the one created", len(gs), err)
	}
	// A change whose Outbox fails (or makes a bad entry) changes nothing either.
	for _, bad := range []func(*Game) ([]*OutboxEntry, error){
		func(*Game) ([]*OutboxEntry, error) { return nil, errors.New("no") },
		func(g *Game) ([]*OutboxEntry, error) {
			return []*OutboxEntry{entry(g.ChatID, g.ID, "fine"), {Platform: "telegram"}}, nil
		},
	} {
		_, _, err := s.ChangeGame(ctx, GameChange{ID: stored.ID, ExpectVersion: stored.Version, Outbox: bad,
			Mutate: func(g *Game) error { g.Status = StatusAborted; return nil }})
		if err == nil {
			t.Error("a failing Outbox changed the game")
		}
		if now, err := s.Game(ctx, stored.ID); err != nil || now.Version != stored.Version || now.Status != stored.Status {
			t.Errorf("after a failing Outbox the game is v%d %s (%v), want v%d %s", now.Version, now.Status, err, stored.Version, stored.Status)
		}
	}
	if pending, err := s.PendingOutbox(ctx, g.Platform, g.ChatID, ""); err != nil || len(pending) != 1 {
		t.Errorf("%d entries pending (%v), want the challenge only", len(pending), err)
	}
	if err := s.Verify(ctx); err != nil {
		t.Errorf("verify: %v", err)
	}
}
