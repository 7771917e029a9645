package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/engine/uci"
	"github.com/chuhe/chuhe/variants"
)

// runUCI speaks UCI on stdin and stdout until quit or the end of stdin: the
// engine for GUIs and other engines (UCI_Variant picks any variant).
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	level := fs.Int("level", engine.MaxLevel, "playing strength, 1 (beginner) to 8 (full); UCI's Skill Level option changes it")
	hash := fs.Int("hash-bits", 20, "transposition table of 2^N entries of 24 bytes")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	srv, err := uci.NewServer(variants.Default(), engine.Config{Level: *level, TableBits: *hash})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return srv.Run(ctx, stdin, stdout)
}
