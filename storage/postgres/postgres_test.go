package postgres

import (
	"context"
	"errors"
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
	a := openTest(t, nil)
	var schema string
	if err := a.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	b := openTest(t, &Options{Schema: schema})
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
