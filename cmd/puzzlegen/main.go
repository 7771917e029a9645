// Command puzzlegen builds the daily-puzzle collection (puzzle/data) from the
// Chinese Chess Practical Dataset: it replays each record, looks for a forced win
// near its end with the engine's solver, keeps what the solver proves and prints
// how many records were checked, kept and dropped, by reason, and how long the
// solver took.
//
//	go run ./cmd/puzzlegen -data ../shared/data/ccpd -out puzzle/data/puzzles.json.gz
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "puzzlegen:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("puzzlegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := defaultConfig()
	fs.StringVar(&cfg.Data, "data", cfg.Data, "the ccpd folder")
	fs.StringVar(&cfg.Out, "out", cfg.Out, "output file (.json or .json.gz)")
	folders := fs.String("folders", strings.Join(cfg.Folders, ","), "comma-separated folders of -data to read")
	fs.IntVar(&cfg.MaxMate, "max-mate", cfg.MaxMate, "longest mate to look for, in moves of the winner")
	fs.Int64Var(&cfg.Nodes, "nodes", cfg.Nodes, "solver budget per record, in nodes")
	fs.IntVar(&cfg.Workers, "workers", cfg.Workers, "records solved at once")
	fs.IntVar(&cfg.Limit, "limit", 0, "read at most this many records per folder (0 = all)")
	fs.BoolVar(&cfg.Tactics, "tactics", cfg.Tactics, "where no mate is found, look for a material win")
	fs.IntVar(&cfg.MinGain, "min-gain", cfg.MinGain, "material a tactic must win (soldier = 1, horse = 4, chariot = 9)")
	verbose := fs.Bool("v", false, "print one line per record")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return errors.New("no arguments expected; see -help")
	}
	cfg.Folders = strings.Split(*folders, ",")
	cfg.Command = "go run ./cmd/puzzlegen " + strings.Join(args, " ")
	if *verbose {
		cfg.Log = stderr
	}
	began := time.Now()
	res, err := build(context.Background(), cfg)
	if err != nil {
		return err
	}
	if err := write(cfg.Out, res); err != nil {
		return err
	}
	report(stdout, res, time.Since(began))
	return nil
}
