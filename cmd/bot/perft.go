package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// runPerft is `bot perft [-variant SLUG] [-options fuhe,...] [-fen FEN] -depth N
// [-divide]`: it counts the leaf nodes of the legal move tree. The count is the
// last line of standard output (`nodes N`); time and speed go to standard error.
// Errors carry no "perft:" prefix: run names the tool once.
func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	slug := fs.String("variant", "xiangqi", "variant slug")
	options := fs.String("options", "", "game options, separated by commas, each with its parameters (fuhe, or \"fuhe menu=RC\")")
	fen := fs.String("fen", "", "start position (default: the variant's start)")
	depth := fs.Int("depth", 0, "depth in plies (1 or more)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *depth < 1 {
		return errors.New("-depth must be 1 or more")
	}
	var opts []string
	if *options != "" {
		opts = strings.Split(*options, ",")
	}
	v, err := variants.Default().Build(*slug, opts)
	if err != nil {
		return fmt.Errorf("-variant %q -options %q: %w", *slug, *options, err)
	}
	start := *fen
	if start == "" {
		start = v.StartFEN
	}
	p, err := rules.NewPosition(v, start)
	if err != nil {
		var fe *rules.FENError
		if errors.As(err, &fe) {
			return fmt.Errorf("-fen: %s", fe.Reason)
		}
		return fmt.Errorf("start position: %w", err)
	}
	began := time.Now()
	var nodes uint64
	if *divide {
		counts := p.Divide(*depth)
		lines := make([]string, 0, len(counts))
		for m, n := range counts {
			lines = append(lines, fmt.Sprintf("%s: %d", rules.FormatCoord(p, m), n))
			nodes += n
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
	} else {
		nodes = p.Perft(*depth)
	}
	elapsed := time.Since(began)
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	fmt.Fprintf(stderr, "time %.3fs, %.0f nodes/s\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds())
	return nil
}
