// Command bot runs Chuhe: it reads config.yaml, opens the data file, starts every
// configured chat adapter (Telegram, Discord) or, with none, the local console,
// and runs until SIGINT or SIGTERM (or, for the console, the end of its input).
//
//	go run ./cmd/bot                       # console game on ./data/chuhe.db
//	go run ./cmd/bot -config config.yaml   # the adapters config.yaml configures
//	go run ./cmd/bot backup -o FILE        # hot backup of the data file
//	go run ./cmd/bot restore FILE          # put a backup in place (bot stopped)
//	go run ./cmd/bot migrate -from FILE -to postgres://…  # copy a data file into PostgreSQL
//	go run ./cmd/bot perft|render|pgn ...  # tools; -h for each
//	go run ./cmd/bot uci                   # the engine over UCI, for GUIs and other engines
//
// Logs go to stderr, so the console's conversation on stdout stays clean.
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"syscall"
	"time"
	_ "time/tzdata" // puzzle time zones in images without zoneinfo (distroless)

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/console"
	"github.com/chuhe/chuhe/bot/discord"
	"github.com/chuhe/chuhe/bot/telegram"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/postgres"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// tools are the subcommands beside the bot itself, all of one signature.
func tools() map[string]func(args []string, stdout, stderr io.Writer) error {
	return map[string]func(args []string, stdout, stderr io.Writer) error{
		"perft":   runPerft,
		"render":  runRender,
		"pgn":     runPGN,
		"backup":  runBackup,
		"restore": runRestore,
		"migrate": runMigrate,
		"seed":    runSeed,
	}
}

// run is main without the process: it returns the exit code.
// Asking for help (-h, bot help, bot help TOOL) succeeds: exit code 0.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) > 0 && args[0] == "uci" {
		if err := runUCI(args[1:], stdin, stdout, stderr); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			fmt.Fprintf(stderr, "uci: %v\n", err)
			return 1
		}
		return 0
	}
	if len(args) > 0 && args[0] == "help" {
		if len(args) > 1 {
			if tool, ok := tools()[args[1]]; ok {
				_ = tool([]string{"-h"}, stdout, stdout)
				return 0
			}
		}
		fmt.Fprint(stdout, usage)
		return 0
	}
	if len(args) > 0 {
		if tool, ok := tools()[args[0]]; ok {
			if err := tool(args[1:], stdout, stderr); err != nil {
				if errors.Is(err, flag.ErrHelp) {
					return 0
				}
				fmt.Fprintf(stderr, "%s: %v\n", args[0], err)
				return 1
			}
			return 0
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, args, stdin, stdout, stderr, getenv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "bot: %v\n", err)
		return 1
	}
	return 0
}

// usage is what bot help and bot -h print before the flags.
const usage = `usage: bot [-config FILE] [-data DIR]      run the bot (the console without adapters)
       bot backup -o FILE                  hot backup of the data file
       bot restore FILE                    put a backup in place (bot stopped)
       bot migrate -from FILE -to DSN      copy a data file into an empty PostgreSQL database
       bot seed -games N [-to DSN]         fill a store with live games (memory measurements)
       bot perft|render|pgn [flags]        tools; bot help TOOL lists a tool's flags
       bot uci                             the engine over UCI (UCI_Variant for every variant)
`

// Runner is a chat adapter the bot runs: Run serves until ctx ends (or, for the
// console, its input ends). Adapters that are also bot.Platforms are registered
// with the service so that reminders and private boards reach them.
type Runner interface {
	Run(ctx context.Context) error
}

// serveOptions are the flags of the bot itself.
type serveOptions struct {
	config   string
	explicit bool
	dataDir  string
}

func parseServeFlags(args []string, stderr io.Writer) (serveOptions, error) {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage+"\n")
		fs.PrintDefaults()
	}
	var o serveOptions
	fs.StringVar(&o.config, "config", defaultConfigPath, "config file (config.example.yaml documents it); a missing config.yaml means defaults")
	fs.StringVar(&o.dataDir, "data", "", "data folder (overrides data_dir)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return o, fmt.Errorf("unknown subcommand or argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { o.explicit = o.explicit || f.Name == "config" })
	return o, nil
}

// serve runs the bot until ctx ends or a runner stops.
func serve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	o, err := parseServeFlags(args, stderr)
	if err != nil {
		return err
	}
	cfg, err := loadConfigFor(o, getenv)
	if err != nil {
		return err
	}
	level, _ := cfg.level()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	log.Info("starting", "config", cfg)
	if cfg.MemoryLimitMB > 0 && getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(cfg.MemoryLimitMB) << 20)
	}

	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("close store", "err", err)
		}
	}()
	m := newMetrics(st)
	if cfg.Metrics.Listen != "" {
		mctx, stop := context.WithCancel(ctx)
		defer stop()
		go func() {
			if err := serveMetrics(mctx, cfg.Metrics, m, st, log); err != nil {
				log.Error("metrics server stopped", "err", err)
			}
		}()
	}
	ecfg := bot.EngineConfig{Workers: cfg.Engine.Workers, MoveTime: cfg.Engine.MoveTime}
	if cfg.Engine.UCI.Path != "" {
		ext := newUCIMover(cfg.Engine.UCI, log)
		defer ext.Close()
		ecfg.External = ext
	}
	svc, err := bot.New(bot.Config{
		Store:      m.wrap(st),
		Renderer:   bot.NewRenderer(renderOptions(cfg.Render)),
		Logger:     log,
		BotName:    cfg.BotName,
		PuzzleTime: cfg.Puzzle.Time,
		PuzzleZone: cfg.Puzzle.Timezone,
		Delivery:   cfg.Delivery.bot(),
		Engine:     ecfg,
	})
	if err != nil {
		return err
	}
	runners, err := buildRunners(cfg, svc, st, log, stdin, stdout)
	if err != nil {
		return err
	}
	for _, r := range runners {
		if p, ok := r.(bot.Platform); ok {
			svc.AddPlatform(p)
		}
	}
	return runAll(ctx, svc, runners, cfg.TickInterval, m.observeTick, log)
}

// openStore opens the store the config names: the bbolt file (serving hot
// backups to `bot backup`), or PostgreSQL, migrated to this program's schema.
func openStore(ctx context.Context, cfg *Config, log *slog.Logger) (storage.Store, error) {
	if cfg.storageDriver() == "postgres" {
		st, err := postgres.Open(ctx, cfg.Storage.DSN, &postgres.Options{Logger: log})
		if err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		return st, nil
	}
	st, err := storage.Open(cfg.Database, &storage.Options{ServeBackups: true, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("open data file: %w", err)
	}
	return st, nil
}

func loadConfigFor(o serveOptions, getenv func(string) string) (*Config, error) {
	cfg, err := loadConfig(o.config, o.explicit, getenv)
	if err != nil {
		return nil, err
	}
	if o.dataDir != "" {
		explicitDB := cfg.Database != "" && cfg.Database != cfgDefaultDB(cfg.DataDir)
		cfg.DataDir = o.dataDir
		if !explicitDB {
			cfg.Database = cfgDefaultDB(o.dataDir)
		}
	}
	return cfg, nil
}

func cfgDefaultDB(dir string) string {
	c := Config{DataDir: dir}
	c.defaults()
	return c.Database
}

func renderOptions(rc RenderConfig) render.Options {
	o := render.Options{Width: rc.Width}
	if rc.Theme == "jade" {
		o.Theme = render.Jade()
	}
	return o
}

// buildRunners makes the adapters the config asks for: every platform with a
// token, and the console when there is none (or console.enabled).
func buildRunners(cfg *Config, svc *bot.Service, st storage.Store, log *slog.Logger, stdin io.Reader, stdout io.Writer) ([]Runner, error) {
	var runners []Runner
	if cfg.Telegram.Token != "" {
		// The adapter builds its command menu from bot.Commands.
		a, err := telegram.New(cfg.Telegram, svc, log)
		if err != nil {
			return nil, fmt.Errorf("telegram: %w", err)
		}
		a.UseInbox(svc.Inbox(a.Name())) // no update is lost between Telegram and the store
		if r, ok := st.(storage.Rates); ok {
			a.UseSharedRate(r) // Telegram's 30 a second is the bot's, over all its processes
		}
		runners = append(runners, a)
	}
	if cfg.Discord.Token != "" {
		// The service is the adapter's MoveSuggester (/move autocomplete).
		a, err := discord.New(cfg.Discord, svc, log, discord.WithBotName(cfg.BotName))
		if err != nil {
			return nil, err
		}
		inbox := svc.Inbox(a.Name())
		a.UseInbox(inbox) // an acknowledged interaction survives a restart
		if cfg.Discord.ShardCount < 2 {
			runners = append(runners, a)
		} else {
			// The shards' processes stand in for each other (docs/scale.md).
			newShard := func(n int) (*discord.Adapter, error) {
				c := cfg.Discord
				c.ShardID = n
				sa, err := discord.New(c, svc, log, discord.WithBotName(cfg.BotName))
				if err == nil {
					sa.UseInbox(inbox)
				}
				return sa, err
			}
			svc.AddPlatform(a) // it sends for every shard (the REST API knows no shards)
			runners = append(runners, discord.NewTakeover(a, st, "process/"+rand.Text(), newShard, log))
		}
	}
	if cfg.consoleOnly() || cfg.Console.Enabled {
		a, err := console.New(console.Config{
			In: stdin, Out: stdout, DataDir: cfg.DataDir,
			Admins: cfg.Console.Admins, NoImages: cfg.Console.NoImages,
			PrivateAfterStart: cfg.Console.PrivateAfterStart,
		}, svc)
		if err != nil {
			return nil, err
		}
		runners = append(runners, a)
	}
	return runners, nil
}

// runAll runs the runners and the clock until ctx ends, a runner fails, or every
// runner is done (the console at the end of its input); then it stops the others
// and waits for them.
func runAll(ctx context.Context, svc *bot.Service, runners []Runner, every time.Duration, observe func(time.Duration), log *slog.Logger) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(runners))
	var mu sync.Mutex
	left := len(runners)
	// The engine's workers start before the adapters: the console's first
	// line may be a move against the bot, and Settle waits only for workers
	// that are counted.
	engineDone := svc.StartEngine(ctx)
	for _, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := r.Run(ctx)
			if err != nil && ctx.Err() == nil {
				log.Error("adapter stopped", "adapter", fmt.Sprintf("%T", r), "err", err)
			}
			errs <- err
			mu.Lock()
			left--
			last := left == 0
			mu.Unlock()
			// A failing adapter ends the bot (a supervisor restarts it); one that
			// is simply done (the console at the end of its input) ends it only
			// when it was the last.
			if err != nil || last {
				cancel()
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick(ctx, svc, every, observe, log)
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = svc.RunOutbox(ctx) // what is not delivered at the end stays stored for the next start
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = engineDone() // a reply not played yet is found again from the store by the next start's Tick
	}()
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			all = append(all, err)
		}
	}
	log.Info("stopped")
	return errors.Join(all...)
}

// tick calls svc.Tick at once (deadlines that passed while the bot was down) and
// then every interval until ctx ends.
func tick(ctx context.Context, svc *bot.Service, every time.Duration, observe func(time.Duration), log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		start := time.Now()
		if err := svc.Tick(ctx, start); err != nil && ctx.Err() == nil {
			log.Warn("tick", "err", err)
		}
		observe(time.Since(start))
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
