package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// TestContract runs the Store contract against PostgreSQL.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storage.Store {
		return openTest(t, &Options{Now: now})
	})
}

func TestPrefixEnd(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"", "", false},
		{"tg/", "tg0", true},
		{"a~", "a\x7f", true},
		{"象", "豢", true},
		{"x\U0010FFFF", "", false},
		{"\uD7FF", "\uE000", true},
	} {
		got, ok := prefixEnd(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("prefixEnd(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestBackupSaysUsePgDump(t *testing.T) {
	s := openTest(t, nil)
	if _, err := s.Backup(context.Background(), nil); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Backup = %v, want ErrUnsupported", err)
	}
}

// TestLeaseOfClosedStoreIsVoid: the leases a store granted die with it (its
// process gone), not when their time runs out, as in a bbolt file reopened.
func TestLeaseOfClosedStoreIsVoid(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	now := time.Now()
	e := &storage.OutboxEntry{Platform: "telegram", ChatID: "-1", Payload: []byte(`"board"`)}
	if err := a.Enqueue(ctx, []*storage.OutboxEntry{e}); err != nil {
		t.Fatal(err)
	}
	if got, err := a.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "a", Now: now, Lease: time.Hour}); err != nil || len(got) != 1 {
		t.Fatalf("a claimed %v, %v", got, err)
	}
	if got, _ := b.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "b", Now: now}); len(got) != 0 {
		t.Fatal("b took an entry a holds")
	}
	a.Close()
	if got, err := b.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "b", Now: now}); err != nil || len(got) != 1 {
		t.Fatalf("after a closed, b claimed %v, %v", got, err)
	}
}

// TestValueLeasesAcrossStores: two processes on one database share an inbox:
// neither claims what the other stored or claimed while it is open, and the
// values of one that closed (its process died) are free at once.
func TestValueLeasesAcrossStores(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	now := time.Now()
	hold := storage.Lease{Holder: "inbox", Until: now.Add(time.Hour)}
	if err := a.PutValues(ctx, "inbound", []storage.Value{
		{Key: "tg/1", JSON: []byte("1"), Hold: hold},
		{Key: "tg/2", JSON: []byte("2")},
	}); err != nil {
		t.Fatal(err)
	}
	if err := b.PutValues(ctx, "inbound", []storage.Value{{Key: "tg/3", JSON: []byte("3"), Hold: hold}}); err != nil {
		t.Fatal(err)
	}
	claim := func(s *Store) string {
		t.Helper()
		got, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "inbound", From: "tg/", To: "tg/~", Holder: "inbox", Now: now, Lease: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		var ks []string
		for _, v := range got {
			ks = append(ks, v.Key)
		}
		return strings.Join(ks, " ")
	}
	if got := claim(b); got != "tg/2" {
		t.Fatalf("b claimed %q, want tg/2 (tg/1 is a's, tg/3 its own)", got)
	}
	if got := claim(a); got != "" {
		t.Fatalf("a claimed %q while b holds the rest", got)
	}
	b.Close()
	if got := claim(a); got != "tg/2 tg/3" {
		t.Fatalf("after b closed, a claimed %q, want b's values at once", got)
	}
}

// openTwo opens two stores on one fresh schema, as two processes on one
// database.
func openTwo(t *testing.T) (a, b *Store) {
	t.Helper()
	a = openTest(t, nil)
	var schema string
	if err := a.pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	return a, openTest(t, &Options{Schema: schema})
}

// TestTakeTokenSharedAcrossStores: two processes drawing on one budget of 30
// a second with a burst of 30 get 30 tokens at once between them, and then
// wait in turn, each as long as the debt of both says; a second later the
// budget has refilled. Each with a budget in memory would send 60 at once.
func TestTakeTokenSharedAcrossStores(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	now := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	var waits []time.Duration
	for i := range 60 {
		s := a
		if i%2 == 1 {
			s = b
		}
		d, err := s.TakeToken(ctx, "telegram/bot", 30, 30, now)
		if err != nil {
			t.Fatal(err)
		}
		waits = append(waits, d)
	}
	for i, d := range waits {
		want := time.Duration(max(0, i-29)) * time.Second / 30
		if diff := d - want; diff < -time.Millisecond || diff > time.Millisecond {
			t.Errorf("take %d waits %v, want %v", i+1, d, want)
		}
	}
	// Two seconds on, the debt of 30 is paid and 30 tokens are back.
	if d, err := a.TakeToken(ctx, "telegram/bot", 30, 30, now.Add(2*time.Second)); err != nil || d != 0 {
		t.Errorf("after the refill: wait %v, %v", d, err)
	}
	// A clock behind the bucket's does not refill it.
	if d, _ := b.TakeToken(ctx, "telegram/bot", 30, 30, now); d != 0 {
		t.Errorf("a take with an older clock waits %v (29 tokens were left)", d)
	}
	if d, _ := b.TakeToken(ctx, "other", 1, 1, now); d != 0 {
		t.Errorf("another bucket starts full: wait %v", d)
	}
	if _, err := a.TakeToken(ctx, "x", 0, 1, now); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a rate of 0: %v", err)
	}
}

// TestLeaseAcrossStores: a lease taken in one process is the other's only
// once it runs out or its process is gone, at once then.
func TestLeaseAcrossStores(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	now := time.Now()
	if ok, err := a.TakeLease(ctx, "engine/1", "engine", now, now.Add(time.Hour)); err != nil || !ok {
		t.Fatalf("a took the lease: %v, %v", ok, err)
	}
	// The same holder name in another process is another holder.
	if ok, _ := b.TakeLease(ctx, "engine/1", "engine", now, now.Add(time.Hour)); ok {
		t.Fatal("b took the lease a holds")
	}
	if err := b.ReleaseLease(ctx, "engine/1", "engine"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := b.TakeLease(ctx, "engine/1", "engine", now, now.Add(time.Hour)); ok {
		t.Fatal("b gave up a's lease")
	}
	a.Close()
	if ok, err := b.TakeLease(ctx, "engine/1", "engine", now, now.Add(time.Hour)); err != nil || !ok {
		t.Fatalf("after a closed, b took the lease: %v, %v", ok, err)
	}
}
