package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/chuhe/chuhe/storage"
)

// The schema is versioned: migrations/NNNN_what.sql turns version NNNN-1 into
// NNNN, each in one transaction that also records the new version, so a crash
// leaves the old version or the new one. They are embedded in the binary and
// run at Open; a database of a newer version is refused.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one step of the schema.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the embedded steps in order; their numbers must be 1, 2, …
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration file %s is not named NNNN_what.sql", base)
		}
		b, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want version %d", m.name, i+1)
		}
	}
	return ms, nil
}

// SchemaVersion is the schema this program writes: the number of migrations.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		panic(err) // the embedded files are checked by a test
	}
	return len(ms)
}

// lockMigrate is the advisory lock that keeps two processes starting at once
// from migrating together; lockDest (with a hash of the destination) orders
// writers and claimers of one outbox destination.
const (
	lockMigrate = 0x43687568 // "Chuh"
	lockDest    = 0x43686465 // "Chde"
)

// migrate brings the schema of the pool's search path up to target (0: the
// newest), step by step.
func migrate(ctx context.Context, pool *pgxpool.Pool, target int, log *slog.Logger) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	if target <= 0 {
		target = len(ms)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, 0)`, lockMigrate); err != nil {
		return fmt.Errorf("lock for migration: %w", err)
	}
	defer func() {
		_, _ = conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, 0)`, lockMigrate)
	}()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS chuhe_schema (version integer NOT NULL)`); err != nil {
		return fmt.Errorf("schema table: %w", err)
	}
	version, err := schemaOf(ctx, conn.Conn())
	if err != nil {
		return err
	}
	if version > len(ms) {
		return fmt.Errorf("schema %d, this program knows up to %d: %w", version, len(ms), storage.ErrSchemaTooNew)
	}
	fresh := version == 0
	for _, m := range ms[version:target] {
		if !fresh { // creating the schema of an empty database is no news
			log.Info("migrating database", "from", m.version-1, "to", m.version, "what", m.name)
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM chuhe_schema`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO chuhe_schema (version) VALUES ($1)`, m.version)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate schema %d to %d (%s): %w", m.version-1, m.version, m.name, err)
		}
	}
	return nil
}

func schemaOf(ctx context.Context, conn *pgx.Conn) (int, error) {
	var v int
	err := conn.QueryRow(ctx, `SELECT version FROM chuhe_schema`).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}
