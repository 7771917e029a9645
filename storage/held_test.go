package storage_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// TestValueLeasesEndWithTheOpen: a bbolt file's value leases belong to the
// Open that took them: after a restart every stored value is free at once,
// however long its lease had to run.
func TestValueLeasesEndWithTheOpen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "chuhe.db")
	opts := &storage.Options{Logger: slog.New(slog.DiscardHandler)}
	s, err := storage.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := s.PutValues(ctx, "inbound", []storage.Value{{Key: "tg/1", JSON: []byte("1"), Hold: storage.Lease{Holder: "inbox", Until: now.Add(time.Hour)}}}); err != nil {
		t.Fatal(err)
	}
	c := storage.ValueClaim{Bucket: "inbound", Holder: "inbox", Now: now, Lease: time.Hour}
	if got, err := s.ClaimValues(ctx, c); err != nil || len(got) != 0 {
		t.Fatalf("claimed %v (%v) while held", got, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = storage.Open(path, opts); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.ClaimValues(ctx, c); err != nil || len(got) != 1 {
		t.Fatalf("after a restart claimed %v (%v), want the value held before", got, err)
	}
}
