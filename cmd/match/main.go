// Command match plays the engine against an external UCI engine (by default
// Debian's fairy-stockfish) from the openings of real games, alternating
// colours at equal time per move, and prints the score and an Elo estimate:
//
//	go run ./cmd/match -games 100 -movetime 100ms -level 8
//	go run ./cmd/match -nps -depth 8 -opp-depth 12   # nodes per second, side by side
//	go run ./cmd/match -nodes 40000 -opp-nodes 10000  # fixed nodes: compares versions under any load
//
// Games are adjudicated by our rules (checkmate, stalemate, perpetual check,
// repetition, the 60-move rule). The openings are engine/match/testdata/openings.txt.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/engine/match"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(os.Stderr, "match: %v\n", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	oppPath := fs.String("engine", "/usr/games/fairy-stockfish", "opponent UCI engine")
	oppArgs := fs.String("engine-args", "", "arguments of the opponent, space-separated (\"uci\" for bot)")
	oppOpts := fs.String("engine-options", "", "UCI options of the opponent, NAME=VALUE separated by commas (\"Skill Level=5\")")
	games := fs.Int("games", 20, "games (two per opening, colours swapped)")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "time per move, for both")
	level := fs.Int("level", 8, "our level, 1 to 8")
	openings := fs.String("openings", "engine/match/testdata/openings.txt", "openings file")
	vsLevel := fs.Int("vs-level", 0, "play our own engine at this level instead of the UCI engine")
	first := fs.Int("first", 1, "number of the opening to start with (the list wraps around)")
	nps := fs.Bool("nps", false, "measure nodes per second from the start instead of playing")
	depth := fs.Int("depth", 8, "with -nps: our search depth")
	oppDepth := fs.Int("opp-depth", 12, "with -nps: the opponent's go depth")
	rounds := fs.Int("rounds", 3, "with -nps: interleaved rounds")
	nodes := fs.Int64("nodes", 0, "our nodes per move instead of the move time (load-independent comparisons)")
	oppNodes := fs.Int64("opp-nodes", 0, "the opponent's nodes per move (go nodes N) instead of the move time")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, ok := variants.Default().Get("xiangqi")
	if !ok {
		return errors.New("no xiangqi variant")
	}
	var opts [][2]string
	for _, kv := range strings.Split(*oppOpts, ",") {
		if name, value, ok := strings.Cut(kv, "="); ok {
			opts = append(opts, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
	}
	var opp *match.Opponent
	if *vsLevel == 0 || *nps {
		var err error
		opp, err = match.StartOpponentWith(ctx, "xiangqi", opts, *oppPath, strings.Fields(*oppArgs)...)
		if err != nil {
			return err
		}
		defer opp.Close()
		opp.Nodes = *oppNodes
	}
	eng := engine.NewEngine(engine.Config{Level: *level})
	if *nps {
		return measureNPS(ctx, stdout, v, eng, opp, *depth, *oppDepth, *rounds)
	}
	ops, err := match.ReadOpenings(*openings)
	if err != nil {
		return err
	}
	if *first < 1 || *first > len(ops) {
		return fmt.Errorf("-first %d: the file has openings 1 to %d", *first, len(ops))
	}
	ops = append(ops[*first-1:], ops[:*first-1]...)
	start := time.Now()
	var theirs match.Player = opp
	name := strings.TrimSpace(*oppPath + " " + *oppOpts)
	if *vsLevel > 0 && !*nps {
		theirs = match.EnginePlayer{Engine: engine.NewEngine(engine.Config{}), Level: *vsLevel, Nodes: *oppNodes}
		name = fmt.Sprintf("our level %d", *vsLevel)
	}
	res, err := match.Run(ctx, match.Config{
		Variant: v, Openings: ops, Games: *games, MoveTime: *moveTime,
		Log: func(format string, a ...any) { fmt.Fprintf(stdout, format+"\n", a...) },
	}, match.EnginePlayer{Engine: eng, Level: *level, Nodes: *nodes}, theirs)
	if err != nil {
		return err
	}
	n := len(res.Games)
	fmt.Fprintf(stdout, "level %d vs %s, %d games, %v per move, %v: %s\n",
		*level, name, n, *moveTime, time.Since(start).Round(time.Second), res.Summary())
	return nil
}

// measureNPS alternates our search of the xiangqi start with the opponent's
// go depth N, and prints both speeds and their ratio.
func measureNPS(ctx context.Context, stdout io.Writer, v *rules.Variant, eng *engine.Engine, opp *match.Opponent, depth, oppDepth, rounds int) error {
	p, err := rules.NewPosition(v, v.StartFEN)
	if err != nil {
		return err
	}
	var ourNodes int64
	var ourTime time.Duration
	var oppNPS []int64
	for r := 0; r < rounds; r++ {
		eng.NewGame()
		res, err := eng.SearchPosition(ctx, p, engine.Limits{Depth: depth})
		if err != nil {
			return err
		}
		ourNodes += res.Nodes
		ourTime += res.Time
		if err := opp.NewGame(); err != nil {
			return err
		}
		_, n, err := opp.Go("", nil, fmt.Sprintf("depth %d", oppDepth))
		if err != nil {
			return err
		}
		oppNPS = append(oppNPS, n)
		fmt.Fprintf(stdout, "round %d: ours depth %d %d nodes in %v (%.0f nodes/s); opponent depth %d %d nodes/s\n",
			r+1, depth, res.Nodes, res.Time.Round(time.Millisecond), float64(res.Nodes)/res.Time.Seconds(), oppDepth, n)
	}
	var sum int64
	for _, n := range oppNPS {
		sum += n
	}
	ours := float64(ourNodes) / ourTime.Seconds()
	theirs := float64(sum) / float64(len(oppNPS))
	fmt.Fprintf(stdout, "ours %.0f nodes/s, opponent %.0f nodes/s, ratio %.2f\n", ours, theirs, ours/theirs)
	return nil
}
