package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/postgres"
)

// runSeed is `bot seed -games N [-live F] [-data DIR | -to DSN]`: it fills a
// store with N console games in chats of five, a share F of them live
// (correspondence, three days per move), for measuring the bot's memory and
// tick with many stored games (README, "Running at scale").
func runSeed(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("games", 100000, "games to create")
	live := fs.Float64("live", 1, "share of them live (0-1)")
	data := fs.String("data", "data", "data folder of the bbolt file (chuhe.db)")
	to := fs.String("to", "", "a PostgreSQL DSN to fill instead of the bbolt file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *live < 0 || *live > 1 {
		return fmt.Errorf("want -games ≥ 1 and -live from 0 to 1")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var st storage.Store
	var err error
	if *to != "" {
		st, err = postgres.Open(ctx, *to, &postgres.Options{Logger: log, MaxConns: 16})
	} else {
		st, err = storage.Open(filepath.Join(*data, "chuhe.db"), &storage.Options{Logger: log})
	}
	if err != nil {
		return err
	}
	defer st.Close()
	now := time.Now().UTC()
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= *n || ctx.Err() != nil {
					return
				}
				if err := st.CreateGame(ctx, seedGame(i, float64(i%1000) < *live*1000, now)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created %d games (%.0f%% live)\n", *n, *live*100)
	return nil
}

// seedGame is game i of a seeded store: live ones wait for Black's answer to
// 1. h2e2 with three days per move; the others are finished.
func seedGame(i int, live bool, now time.Time) *storage.Game {
	g := &storage.Game{
		Platform: "console", ChatID: fmt.Sprintf("seed-%d", i/5), Variant: "xiangqi",
		Players: [2]storage.Player{{UserID: fmt.Sprintf("p%d", 2*i), Name: "red"}, {UserID: fmt.Sprintf("p%d", 2*i+1), Name: "black"}},
		Moves:   []storage.MoveRecord{{Text: "h2e2", At: now, Side: storage.Red}},
		Status:  storage.StatusActive, DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide,
		Clock: storage.Clock{Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour},
			TurnStarted: now, Deadline: now.Add(72 * time.Hour)},
	}
	g.Wake = g.Clock.Deadline.Add(-24 * time.Hour) // the bot's first reminder
	if !live {
		g.Status, g.Result, g.Reason, g.Wake = storage.StatusFinished, "1-0", "resign", time.Time{}
	}
	return g
}
