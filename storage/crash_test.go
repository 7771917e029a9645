package storage_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"log/slog"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// The crash test (storetest.CrashRecovery) on a bbolt file: SIGKILL while
// writing leaves a sound file with every acknowledged move.
const envCrashDB = "CHUHE_STORAGE_CRASH_DB"

// TestCrashChild is the child's side; it does nothing in a normal test run.
func TestCrashChild(t *testing.T) {
	storetest.CrashChild(t, func(t *testing.T) storage.Store {
		return openCrash(t, os.Getenv(envCrashDB), 10*time.Second)
	})
}

func TestCrashRecovery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chuhe.db")
	storetest.CrashRecovery(t, "TestCrashChild", []string{envCrashDB + "=" + path},
		func(t *testing.T) storage.Store { return openCrash(t, path, 5*time.Second) },
		func(ctx context.Context, s storage.Store) error { return s.(*storage.Bolt).Verify(ctx) })
}

func openCrash(t *testing.T, path string, wait time.Duration) *storage.Bolt {
	s, err := storage.Open(path, &storage.Options{LockTimeout: wait, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("reopen after SIGKILL: %v", err)
	}
	return s
}
