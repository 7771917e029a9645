package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/postgres"
)

// runMigrate is `bot migrate -from data/chuhe.db -to postgres://…`: it copies
// every record of a bbolt data file (the bot stopped) into an empty PostgreSQL
// database, in one transaction, and checks that both hold the same number of
// records of every kind.
func runMigrate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the bbolt data file to copy (stop the bot first)")
	to := fs.String("to", "", "the PostgreSQL DSN to copy into (default: $"+envPostgresDSN+")")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		*to = os.Getenv(envPostgresDSN)
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New("want -from FILE and -to postgres://… (for example: bot migrate -from data/chuhe.db -to postgres://chuhe@127.0.0.1/chuhe)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	counts, err := migrateStore(ctx, *from, *to, log)
	if err != nil {
		return err
	}
	var kinds []string
	for k := range counts {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, counts[k]))
	}
	fmt.Fprintf(stdout, "copied %s into PostgreSQL; the counts match: %s\n", *from, strings.Join(parts, ", "))
	return nil
}

// migrateStore copies the bbolt file at from into the empty database at dsn
// and returns the counts both agree on.
func migrateStore(ctx context.Context, from, dsn string, log *slog.Logger) (map[string]int, error) {
	if _, err := os.Stat(from); err != nil {
		return nil, fmt.Errorf("data file: %w", err)
	}
	src, err := storage.Open(from, &storage.Options{Logger: log, LockTimeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", from, err)
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, dsn, &postgres.Options{Logger: log, Timeout: 10 * time.Minute})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	defer dst.Close()
	before, err := dst.Counts(ctx)
	if err != nil {
		return nil, err
	}
	for k, n := range before {
		if n > 0 {
			return nil, fmt.Errorf("the database already holds %d %s: migrate copies into an empty one only", n, k)
		}
	}
	var recs []storage.Record
	last, err := src.Export(ctx, func(r storage.Record) error {
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := dst.Import(ctx, recs, last); err != nil {
		return nil, err
	}
	want, err := src.Counts(ctx)
	if err != nil {
		return nil, err
	}
	got, err := dst.Counts(ctx)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for k, n := range want {
		if got[k] != n {
			diffs = append(diffs, fmt.Sprintf("%s: %d in the file, %d in the database", k, n, got[k]))
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		return nil, fmt.Errorf("the copy does not match: %s", strings.Join(diffs, "; "))
	}
	return got, nil
}
