package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/chuhe/chuhe/storage"
)

// Options tune Open. The zero value (or nil) is the production default.
type Options struct {
	// Now stamps CreatedAt and UpdatedAt. Default time.Now.
	Now func() time.Time
	// Logger receives migrations. Default slog.Default().
	Logger *slog.Logger
	// Timeout bounds every call that comes without a deadline of its own.
	// Default 10s.
	Timeout time.Duration
	// MaxConns caps the pool. Default pgxpool's (4 per CPU, at least 4).
	MaxConns int32
	// Schema, if set, is the schema the store lives in (created if missing);
	// tests give each its own. Default: the connection's search path.
	Schema string
	// SchemaTarget stops migrations at this version (tests of older
	// versions). Default: the newest.
	SchemaTarget int
}

// Store is storage.Store on a PostgreSQL database. It is safe for concurrent
// use, and any number of processes may use one database at once.
type Store struct {
	pool    *pgxpool.Pool
	now     func() time.Time
	log     *slog.Logger
	timeout time.Duration
	closed  atomic.Bool
	session *session
}

var _ storage.Store = (*Store)(nil)

// Open connects to the database at dsn (postgres://user@host:port/db?…),
// creates or migrates the schema, and returns the store.
func Open(ctx context.Context, dsn string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse DSN: %w", err) // pgx keeps the password out of this error
	}
	if o.MaxConns > 0 {
		cfg.MaxConns = o.MaxConns
	}
	if o.Schema != "" {
		cfg.ConnConfig.RuntimeParams["search_path"] = o.Schema
	}
	octx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(octx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if o.Schema != "" {
		if _, err := pool.Exec(octx, `CREATE SCHEMA IF NOT EXISTS `+pgx.Identifier{o.Schema}.Sanitize()); err != nil {
			pool.Close()
			return nil, fmt.Errorf("postgres: create schema: %w", err)
		}
	}
	if err := migrate(octx, pool, o.SchemaTarget, o.Logger.With("store", "postgres")); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	sess, err := openSession(octx, pool)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return &Store{pool: pool, now: o.Now, log: o.Logger, timeout: o.Timeout, session: sess}, nil
}

// Ping checks that the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := s.deadline(ctx)
	defer cancel()
	return s.pool.Ping(ctx)
}

// Close closes the pool; calls in flight finish first. A second Close returns
// storage.ErrClosed.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return storage.ErrClosed
	}
	s.session.close()
	s.pool.Close()
	return nil
}

// stamp is the time for CreatedAt and UpdatedAt, in UTC without a monotonic
// reading (as in the bbolt store).
func (s *Store) stamp() time.Time { return s.now().UTC() }

// deadline gives ctx the store's timeout unless it has a deadline already.
func (s *Store) deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, s.timeout)
}

// begin runs fn in a transaction (READ COMMITTED: the version checks and row
// locks do the ordering).
func (s *Store) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	if s.closed.Load() {
		return storage.ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx, cancel := s.deadline(ctx)
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, fn)
}

// query runs a read outside any transaction.
func (s *Store) read(ctx context.Context, fn func(ctx context.Context, q querier) error) error {
	if s.closed.Load() {
		return storage.ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx, cancel := s.deadline(ctx)
	defer cancel()
	return fn(ctx, s.pool)
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// textKey checks a key part for what PostgreSQL text cannot hold.
func textKey(what, s string) error {
	if strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) {
		return fmt.Errorf("%s %q: a NUL byte or invalid UTF-8: %w", what, s, storage.ErrInvalid)
	}
	return nil
}

// prefixEnd is the least string above every string that starts with p, for an
// index range scan; ok is false when there is none (p empty, or ending in the
// largest rune).
func prefixEnd(p string) (string, bool) {
	r, size := utf8.DecodeLastRuneInString(p)
	if size == 0 || r == utf8.MaxRune {
		return "", false
	}
	r++
	if r == 0xD800 { // surrogates are not runes
		r = 0xE000
	}
	return p[:len(p)-size] + string(r), true
}

// Backup is not done by the store on PostgreSQL: use the database's own tools
// (pg_dump), which are consistent while the bots run.
func (s *Store) Backup(context.Context, io.Writer) (int64, error) {
	return 0, fmt.Errorf("postgres: backup: use pg_dump: %w", errors.ErrUnsupported)
}

// BackupFile is not done by the store on PostgreSQL; see Backup.
func (s *Store) BackupFile(context.Context, string) (int64, error) {
	return 0, fmt.Errorf("postgres: backup: use pg_dump: %w", errors.ErrUnsupported)
}
