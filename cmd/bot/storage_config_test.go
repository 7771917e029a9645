package main

import (
	"log/slog"
	"strings"
	"testing"
)

// TestStorageConfig: every rule of the storage section, and the DSN (which
// may hold a password) never in the logged config.
func TestStorageConfig(t *testing.T) {
	for _, c := range []struct {
		name, yaml, envDSN string
		driver, dsn, err   string
	}{
		{name: "default is bolt", driver: "bolt"},
		{name: "bolt named", yaml: "storage: {driver: bolt}", driver: "bolt"},
		{name: "postgres with a dsn", yaml: "storage: {driver: postgres, dsn: 'postgres://u:secret@db/chuhe'}",
			driver: "postgres", dsn: "postgres://u:secret@db/chuhe"},
		{name: "the environment's dsn wins", yaml: "storage: {driver: postgres, dsn: 'postgres://file'}", envDSN: "postgres://env",
			driver: "postgres", dsn: "postgres://env"},
		{name: "postgres without a dsn", yaml: "storage: {driver: postgres}", err: "needs storage.dsn (or CHUHE_POSTGRES_DSN)"},
		{name: "unknown driver", yaml: "storage: {driver: sqlite}", err: `storage.driver "sqlite": want bolt or postgres`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := writeFile(t, t.TempDir(), "c.yaml", c.yaml+"\n")
			cfg, err := loadConfig(p, true, func(k string) string {
				if k == envPostgresDSN {
					return c.envDSN
				}
				return ""
			})
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.storageDriver() != c.driver || cfg.Storage.DSN != c.dsn {
				t.Errorf("driver %q dsn %q, want %q %q", cfg.storageDriver(), cfg.Storage.DSN, c.driver, c.dsn)
			}
			var b strings.Builder
			slog.New(slog.NewTextHandler(&b, nil)).Info("starting", "config", cfg)
			if c.dsn != "" && strings.Contains(b.String(), c.dsn) {
				t.Errorf("the logged config holds the DSN: %s", b.String())
			}
		})
	}
}
