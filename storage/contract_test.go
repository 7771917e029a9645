package storage_test

import (
	"errors"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// TestContract runs the Store contract against the bbolt store
// (storage/postgres runs it against PostgreSQL).
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storage.Store {
		s, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Now: now, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := s.Close(); err != nil && !errors.Is(err, storage.ErrClosed) {
				t.Error(err)
			}
		})
		return s
	})
}
