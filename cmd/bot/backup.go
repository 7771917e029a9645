package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// runBackup is `bot backup [-config FILE] [-data DIR] [-o FILE]`: a consistent
// copy of the data file, taken while the bot keeps running (through its backup
// socket) or directly when it is stopped. The default output is
// DATA/backups/chuhe-YYYYMMDD-HHMMSS.db. The file is owner-only: it holds the
// secrets of hidden-piece games.
func runBackup(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", defaultConfigPath, "config file")
	data := fs.String("data", "", "data folder (overrides data_dir)")
	out := fs.String("o", "", "backup file (default DATA/backups/chuhe-TIME.db)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (the output file goes after -o)", fs.Arg(0))
	}
	cfg, err := toolConfig(fs, *config, *data)
	if err != nil {
		return err
	}
	path := *out
	if path == "" {
		path = filepath.Join(cfg.DataDir, "backups", "chuhe-"+time.Now().Format("20060102-150405")+".db")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("backup folder: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	n, err := storage.BackupData(ctx, cfg.Database, path)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup of %s written to %s (%d bytes)\n", cfg.Database, path, n)
	return nil
}

// runRestore is `bot restore [-config FILE] [-data DIR] BACKUP`: it checks the
// backup and puts it in place of the data file. Stop the bot first; restore
// refuses while the data file is in use.
func runRestore(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", defaultConfigPath, "config file")
	data := fs.String("data", "", "data folder (overrides data_dir)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("name one backup file: bot restore FILE")
	}
	cfg, err := toolConfig(fs, *config, *data)
	if err != nil {
		return err
	}
	if err := storage.Restore(fs.Arg(0), cfg.Database); err != nil {
		if errors.Is(err, storage.ErrLocked) {
			return fmt.Errorf("%w (stop the bot first)", err)
		}
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s\n", cfg.Database, fs.Arg(0))
	return nil
}

// toolConfig loads the config a tool needs (only the data paths matter).
func toolConfig(fs *flag.FlagSet, config, data string) (*Config, error) {
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	return loadConfigFor(serveOptions{config: config, explicit: explicit, dataDir: data}, os.Getenv)
}
