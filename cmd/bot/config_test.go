package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadConfig(t *testing.T) {
	t.Run("no file and no tokens: console on ./data/chuhe.db", func(t *testing.T) {
		cfg, err := loadConfig(filepath.Join(t.TempDir(), "config.yaml"), false, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Database != filepath.Join("data", "chuhe.db") || !cfg.consoleOnly() || cfg.TickInterval != 5*time.Second {
			t.Errorf("defaults: %+v", cfg)
		}
	})
	t.Run("a config named with -config must exist", func(t *testing.T) {
		if _, err := loadConfig(filepath.Join(t.TempDir(), "nope.yaml"), true, noEnv); err == nil {
			t.Error("no error")
		}
	})
	t.Run("the example config loads", func(t *testing.T) {
		cfg, err := loadConfig(filepath.Join("..", "..", "config.example.yaml"), true, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if !cfg.consoleOnly() {
			t.Error("the example config should configure no tokens")
		}
	})
	t.Run("fields and environment", func(t *testing.T) {
		p := writeFile(t, t.TempDir(), "c.yaml", `
data_dir: /ignored/by/env
log_level: debug
tick_interval: 2s
memory_limit_mb: 64
metrics: {listen: "127.0.0.1:0", pprof: true}
render: {width: 480, theme: jade}
telegram:
  token: from-file
  webhook: {url: "https://example.org/hook", listen: ":8443"}
discord: {guild_id: "42", shard_id: 0, shard_count: 2}
puzzle: {time: "08:30", timezone: Europe/Berlin}
`)
		env := map[string]string{envTelegramToken: "from-env", envDiscordToken: "dtoken", envDataDir: "/srv/chuhe"}
		cfg, err := loadConfig(p, true, func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Telegram.Token != "from-env" || cfg.Discord.Token != "dtoken" {
			t.Errorf("tokens: %q %q", cfg.Telegram.Token, cfg.Discord.Token)
		}
		if cfg.Database != filepath.Join("/srv/chuhe", "chuhe.db") || cfg.TickInterval != 2*time.Second ||
			cfg.Render.Width != 480 || cfg.Telegram.Webhook.URL == "" || cfg.Discord.ShardCount != 2 || cfg.Puzzle.Time != "08:30" ||
			cfg.MemoryLimitMB != 64 || !cfg.Metrics.Pprof {
			t.Errorf("config: %+v", cfg)
		}
		if cfg.consoleOnly() {
			t.Error("console only with tokens")
		}
		if s := cfg.LogValue().String(); strings.Contains(s, "from-env") || strings.Contains(s, "dtoken") {
			t.Errorf("a token reaches the log: %s", s)
		}
	})
	for name, body := range map[string]string{
		"a typo is an error":            "tick_intervall: 2s\n",
		"a bad log level":               "log_level: loud\n",
		"a tick too fast":               "tick_interval: 10ms\n",
		"a tiny image":                  "render: {width: 10}\n",
		"an unknown theme":              "render: {theme: neon}\n",
		"a shard out of range":          "discord: {token: x, shard_id: 3, shard_count: 2}\n",
		"a bad puzzle time":             "puzzle: {time: noon}\n",
		"an unknown zone":               "puzzle: {timezone: Mars/Olympus}\n",
		"a malformed file":              "data_dir: [\n",
		"a telegram key that is not ok": "telegram: {tokn: x}\n",
	} {
		t.Run(name, func(t *testing.T) {
			p := writeFile(t, t.TempDir(), "c.yaml", body)
			if _, err := loadConfig(p, true, noEnv); err == nil {
				t.Errorf("%q loaded", body)
			}
		})
	}
	t.Run("-data moves the default database", func(t *testing.T) {
		cfg, err := loadConfigFor(serveOptions{config: filepath.Join(t.TempDir(), "config.yaml"), dataDir: "/tmp/x"}, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Database != filepath.Join("/tmp/x", "chuhe.db") {
			t.Errorf("database %s", cfg.Database)
		}
	})
}
