package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"
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
