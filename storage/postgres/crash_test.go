package postgres

import (
	"context"
	"os"
	"testing"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// The crash test (storetest.CrashRecovery) on PostgreSQL: a writer killed
// with SIGKILL in the middle of its transactions leaves every acknowledged
// move stored and the columns consistent with the records.
const envCrashSchema = "CHUHE_POSTGRES_CRASH_SCHEMA"

// TestCrashChild is the child's side; it does nothing in a normal test run.
func TestCrashChild(t *testing.T) {
	storetest.CrashChild(t, func(t *testing.T) storage.Store {
		return openSchema(t, os.Getenv(envCrashSchema))
	})
}

func TestCrashRecovery(t *testing.T) {
	schema := newSchema(t, testDSN(t))
	storetest.CrashRecovery(t, "TestCrashChild", []string{envCrashSchema + "=" + schema},
		func(t *testing.T) storage.Store { return openSchema(t, schema) },
		func(ctx context.Context, s storage.Store) error { return s.(*Store).Verify(ctx) })
}

// openSchema opens the store in an existing schema, not closing it at the
// end of the test (the crash test closes it after each round).
func openSchema(t *testing.T, schema string) *Store {
	s, err := Open(context.Background(), testDSN(t), &Options{Schema: schema, MaxConns: 8})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
