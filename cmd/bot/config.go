package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord"
	"github.com/chuhe/chuhe/bot/telegram"
)

// Environment variables that override the config file.
const (
	envTelegramToken = "CHUHE_TELEGRAM_TOKEN"
	envDiscordToken  = "CHUHE_DISCORD_TOKEN"
	// envDataDir overrides data_dir (the Dockerfile sets it); -data overrides both.
	envDataDir = "CHUHE_DATA_DIR"
	// envPostgresDSN overrides storage.dsn: it may hold a password.
	envPostgresDSN = "CHUHE_POSTGRES_DSN"
)

// defaultConfigPath is read when -config is not given; it may be missing.
const defaultConfigPath = "config.yaml"

// Config is config.yaml; config.example.yaml documents every field. The zero
// value plus defaults() is a bot that runs the console on ./data/chuhe.db.
type Config struct {
	// DataDir holds the database, backups and console images. Default "data".
	DataDir string `yaml:"data_dir"`
	// Database is the bbolt file; default DataDir/chuhe.db.
	Database string `yaml:"database"`
	// Storage chooses the database: the bbolt file above (default) or
	// PostgreSQL, which several bot processes can share.
	Storage StorageConfig `yaml:"storage"`
	// LogLevel is debug, info, warn or error; default info. Logs go to stderr.
	LogLevel string `yaml:"log_level"`
	// BotName is how users address the bot ("@Chuhe h2e2"); default "Chuhe".
	BotName string `yaml:"bot_name"`
	// TickInterval is how often clocks, reminders and timeouts are checked;
	// default 5s.
	TickInterval time.Duration `yaml:"tick_interval"`
	// MemoryLimitMB is a soft limit on the process's memory in MiB (Go's
	// GOMEMLIMIT, which wins when set): the garbage collector works harder
	// near it rather than letting the heap grow to twice what is live. 0: no
	// limit. See docs/scale.md for what the bot holds under load.
	MemoryLimitMB int `yaml:"memory_limit_mb"`

	Render   RenderConfig    `yaml:"render"`
	Console  ConsoleConfig   `yaml:"console"`
	Telegram telegram.Config `yaml:"telegram"`
	Discord  discord.Config  `yaml:"discord"`
	Puzzle   PuzzleConfig    `yaml:"puzzle"`
	Delivery DeliveryConfig  `yaml:"delivery"`
	Metrics  MetricsConfig   `yaml:"metrics"`
	Engine   EngineConfig    `yaml:"engine"`
}

// EngineConfig tunes the bot as an opponent (/play). See bot.EngineConfig.
type EngineConfig struct {
	// Workers is how many searches run at once; default 1 (each takes a CPU core
	// while it thinks).
	Workers int `yaml:"workers"`
	// MoveTime is how long the bot thinks in a correspondence or untimed game;
	// default 10s, at most 1m. A live game takes a share of the bot's clock.
	MoveTime time.Duration `yaml:"move_time"`
	// UCI is an external engine that plays standard xiangqi at level 9.
	UCI UCIConfig `yaml:"uci"`
}

// UCIConfig is an external UCI engine (Pikafish, Fairy-Stockfish).
type UCIConfig struct {
	// Path of the engine's program; empty: no level 9.
	Path string `yaml:"path"`
	// Options are set with setoption before the first game ("Threads": "1").
	Options map[string]string `yaml:"options"`
}

// StorageConfig chooses the store.
type StorageConfig struct {
	// Driver is "bolt" (default: the Database file, one process) or
	// "postgres" (DSN; any number of processes).
	Driver string `yaml:"driver"`
	// DSN is the PostgreSQL connection string (postgres://user@host:5432/db);
	// CHUHE_POSTGRES_DSN overrides it.
	DSN string `yaml:"dsn"`
}

// DeliveryConfig tunes the outbox: how owed messages (boards, announcements,
// private boards, reminders, puzzle posts) are delivered. See bot.DeliveryConfig.
type DeliveryConfig struct {
	// Mode is "inline" (default: the handler of a message sends what it owes,
	// the sender retries what failed) or "queued" (the sender sends everything,
	// so no platform latency is on a move's path).
	Mode string `yaml:"mode"`
	// LateAfter: a message delivered later than this says when it was due;
	// default 2m.
	LateAfter time.Duration `yaml:"late_after"`
	// AlertAfter: a chat failing this long is logged as an error; default 10m.
	AlertAfter time.Duration `yaml:"alert_after"`
	// MaxBackoff caps the wait between attempts; default 5m.
	MaxBackoff time.Duration `yaml:"max_backoff"`
}

func (d DeliveryConfig) bot() bot.DeliveryConfig {
	c := bot.DeliveryConfig{LateAfter: d.LateAfter, AlertAfter: d.AlertAfter, MaxBackoff: d.MaxBackoff}
	if d.Mode == "queued" {
		c.Mode = bot.DeliverQueued
	}
	return c
}

// RenderConfig says how board images look.
type RenderConfig struct {
	// Width of board images in pixels; default 720.
	Width int `yaml:"width"`
	// Theme is wood (default) or jade.
	Theme string `yaml:"theme"`
}

// ConsoleConfig configures the local console adapter.
type ConsoleConfig struct {
	// Enabled runs the console even when other adapters are configured. Without
	// any other adapter the console always runs.
	Enabled bool `yaml:"enabled"`
	// Admins are the console users who administer the chat; empty: everyone.
	Admins []string `yaml:"admins"`
	// NoImages skips writing PNG files under DataDir/console.
	NoImages bool `yaml:"no_images"`
	// PrivateAfterStart mimics Telegram: private messages reach a user only
	// after they wrote to the bot privately.
	PrivateAfterStart bool `yaml:"private_after_start"`
}

// PuzzleConfig holds the defaults of the daily puzzle. Chats subscribe themselves
// with /puzzle subscribe [HH:MM] [zone]; these fill what they leave out.
type PuzzleConfig struct {
	// Time is the posting time when a chat names none, "HH:MM"; default "09:00".
	Time string `yaml:"time"`
	// Timezone is the IANA zone when a chat names none; default "Asia/Shanghai".
	Timezone string `yaml:"timezone"`
}

// loadConfig reads the config file at path, applies the environment and fills
// defaults. A missing file is fine when path is the default one (a newcomer's
// first run); a file named with -config must exist. Unknown keys are errors, so a
// typo does not silently fall back to a default.
func loadConfig(path string, explicit bool, getenv func(string) string) (*Config, error) {
	cfg := &Config{}
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("config %s: %w", path, err)
		}
	case errors.Is(err, fs.ErrNotExist) && !explicit:
		// No config: console on ./data.
	default:
		return nil, fmt.Errorf("config: %w", err)
	}
	if t := strings.TrimSpace(getenv(envTelegramToken)); t != "" {
		cfg.Telegram.Token = t
	}
	if t := strings.TrimSpace(getenv(envDiscordToken)); t != "" {
		cfg.Discord.Token = t
	}
	if d := strings.TrimSpace(getenv(envDataDir)); d != "" {
		cfg.DataDir = d
	}
	if d := strings.TrimSpace(getenv(envPostgresDSN)); d != "" {
		cfg.Storage.DSN = d
	}
	cfg.defaults()
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	return cfg, nil
}

func (c *Config) defaults() {
	if c.DataDir == "" {
		c.DataDir = "data"
	}
	if c.Database == "" {
		c.Database = filepath.Join(c.DataDir, "chuhe.db")
	}
	if c.LogLevel == "" {
		c.LogLevel = "info"
	}
	if c.BotName == "" {
		c.BotName = "Chuhe"
	}
	if c.TickInterval == 0 {
		c.TickInterval = 5 * time.Second
	}
	if c.Puzzle.Time == "" {
		c.Puzzle.Time = "09:00"
	}
	if c.Puzzle.Timezone == "" {
		c.Puzzle.Timezone = "Asia/Shanghai"
	}
}

func (c *Config) validate() error {
	if _, err := c.level(); err != nil {
		return err
	}
	if c.TickInterval < time.Second || c.TickInterval > time.Minute {
		return fmt.Errorf("tick_interval %s: want 1s to 1m", c.TickInterval)
	}
	if c.Render.Width != 0 && (c.Render.Width < 240 || c.Render.Width > 2048) {
		return fmt.Errorf("render.width %d: want 240 to 2048 pixels", c.Render.Width)
	}
	switch c.Render.Theme {
	case "", "wood", "jade":
	default:
		return fmt.Errorf("render.theme %q: want wood or jade", c.Render.Theme)
	}
	if c.Discord.Token != "" {
		if err := c.Discord.Validate(); err != nil {
			return err
		}
	}
	switch c.Storage.Driver {
	case "", "bolt":
	case "postgres":
		if c.Storage.DSN == "" {
			return fmt.Errorf("storage.driver postgres needs storage.dsn (or %s)", envPostgresDSN)
		}
	default:
		return fmt.Errorf("storage.driver %q: want bolt or postgres", c.Storage.Driver)
	}
	if c.Engine.Workers < 0 || c.Engine.Workers > 64 {
		return fmt.Errorf("engine.workers %d: want 1 to 64", c.Engine.Workers)
	}
	if c.Engine.MoveTime < 0 || c.Engine.MoveTime > time.Minute {
		return fmt.Errorf("engine.move_time %s: want up to 1m", c.Engine.MoveTime)
	}
	switch c.Delivery.Mode {
	case "", "inline", "queued":
	default:
		return fmt.Errorf("delivery.mode %q: want inline or queued", c.Delivery.Mode)
	}
	for name, d := range map[string]time.Duration{"late_after": c.Delivery.LateAfter, "alert_after": c.Delivery.AlertAfter, "max_backoff": c.Delivery.MaxBackoff} {
		if d < 0 {
			return fmt.Errorf("delivery.%s %s: want a positive duration", name, d)
		}
	}
	if _, err := time.Parse("15:04", c.Puzzle.Time); err != nil {
		return fmt.Errorf("puzzle.time %q: want HH:MM", c.Puzzle.Time)
	}
	if _, err := time.LoadLocation(c.Puzzle.Timezone); err != nil {
		return fmt.Errorf("puzzle.timezone %q: %w", c.Puzzle.Timezone, err)
	}
	return nil
}

// level is the slog level of LogLevel.
func (c *Config) level() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return 0, fmt.Errorf("log_level %q: want debug, info, warn or error", c.LogLevel)
	}
	return l, nil
}

// consoleOnly reports whether no chat platform is configured, so the console runs.
func (c *Config) consoleOnly() bool {
	return c.Telegram.Token == "" && c.Discord.Token == ""
}

// LogValue keeps tokens out of logs.
func (c *Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("data_dir", c.DataDir),
		slog.String("database", c.Database),
		slog.String("storage", c.storageDriver()), // never the DSN: it may hold a password
		slog.Bool("telegram", c.Telegram.Token != ""),
		slog.Bool("discord", c.Discord.Token != ""),
		slog.Bool("console", c.consoleOnly() || c.Console.Enabled),
	)
}

func (c *Config) storageDriver() string {
	if c.Storage.Driver == "" {
		return "bolt"
	}
	return c.Storage.Driver
}
