package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// runPerft is `bot perft [-variant SLUG] [-fen FEN] -depth N [-divide]`: it counts
// the leaf nodes of the legal move tree. The count is the last line of standard
// output (`nodes N`); time and speed go to standard error.
func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	slug := fs.String("variant", "xiangqi", "variant slug")
	fen := fs.String("fen", "", "start position (default: the variant's start)")
	depth := fs.Int("depth", 0, "depth in plies (1 or more)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *depth < 1 {
		return errors.New("perft: -depth must be 1 or more")
	}
	v, ok := variants.Default().Get(*slug)
	if !ok {
		return fmt.Errorf("perft: unknown variant %q", *slug)
	}
	start := *fen
	if start == "" {
		start = v.StartFEN
	}
	p, err := rules.NewPosition(v, start)
	if err != nil {
		return fmt.Errorf("perft: %w", err)
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
