package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// envDSN names the test database. Set (as .ci/run does), the tests need it;
// unset, they try the usual local server and skip, saying so, when none answers.
const (
	envDSN     = "CHUHE_TEST_POSTGRES"
	defaultDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
)

var probe struct {
	once sync.Once
	dsn  string
	err  error
}

// testDSN is the DSN of the test database, or skips the test.
func testDSN(t testing.TB) string {
	t.Helper()
	probe.once.Do(func() {
		probe.dsn = os.Getenv(envDSN)
		required := probe.dsn != ""
		if !required {
			probe.dsn = defaultDSN
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, probe.dsn)
		if err == nil {
			err = conn.Ping(ctx)
			_ = conn.Close(ctx)
		}
		if err != nil && !required {
			err = errSkip{err}
		}
		probe.err = err
	})
	var skip errSkip
	switch {
	case errors.As(probe.err, &skip):
		t.Skipf("PostgreSQL tests skipped: no server at %s (%v); set %s to run them", defaultDSN, skip.err, envDSN)
	case probe.err != nil:
		t.Fatalf("%s is set but the database does not answer: %v", envDSN, probe.err)
	}
	return probe.dsn
}

type errSkip struct{ err error }

func (e errSkip) Error() string { return e.err.Error() }

// newSchema is a fresh schema name, dropped when the test ends, so that tests
// run in parallel on one database without seeing each other.
func newSchema(t testing.TB, dsn string) string {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "chuhe_test_" + hex.EncodeToString(b)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("drop schema %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+pgx.Identifier{name}.Sanitize()+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	return name
}

// openTest opens a store in a fresh schema, closed when the test ends.
func openTest(t testing.TB, opts *Options) *Store {
	t.Helper()
	dsn := testDSN(t)
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Schema == "" {
		o.Schema = newSchema(t, dsn)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MaxConns == 0 {
		o.MaxConns = 8
	}
	s, err := Open(context.Background(), dsn, &o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil && !errors.Is(err, storage.ErrClosed) {
			t.Error(err)
		}
	})
	return s
}
