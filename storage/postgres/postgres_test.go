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
