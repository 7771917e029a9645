package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// config is what one build does.
type config struct {
	Data         string
	Out          string
	Folders      []string
	MaxMate      int
	Nodes        int64 // solver budget per record
	Workers      int
	Limit        int
	MaxSolutions int // more winning first moves than this: not a puzzle
	// Tactics: look for a material win where no mate is found, TacticDepth plies
	// deep, winning at least MinGain, among the last TacticWindow plies.
	Tactics      bool
	TacticDepth  int
	MinGain      int
	TacticWindow int
	// MaxTacticSolutions: a material win is a puzzle with at most this many
	// winning first moves.
	MaxTacticSolutions int
	Command            string
	Log                io.Writer
}

func defaultConfig() config {
	return config{
		Data:         "../shared/data/ccpd",
		Out:          "puzzle/data/puzzles.json.gz",
		Folders:      []string{"殺局_殺法_練習題", "全盤戰術", "殘局"},
		MaxMate:      9,
		Nodes:        3_000_000,
		Workers:      runtime.GOMAXPROCS(0),
		MaxSolutions: 3,
		Tactics:      true,
		TacticDepth:  3,
		MinGain:      4,
		TacticWindow: 8,

		MaxTacticSolutions: 2,
	}
}

// folderIDs are the id prefixes of the puzzles of each folder.
var folderIDs = map[string]string{
	"殺局_殺法_練習題": "mate",
	"全盤戰術":      "tactics",
	"殘局":        "endgame",
}

// Reasons a record is dropped. They are the keys of the printed counts.
const (
	dropUnreadable = "unreadable record"
	dropFEN        = "bad FEN tag"
	dropMove       = "move does not replay"
	dropNoWinner   = "drawn or no result"
	dropNoMate     = "no forced mate or material win near the end"
	dropBudget     = "solver budget spent before a mate was proved"
	dropAmbiguous  = "too many winning first moves"
	dropDuplicate  = "same position as an earlier puzzle"
)

// outcome is what became of one record.
type outcome struct {
	file   string
	puzzle *puzzle.Puzzle
	drop   string
	detail string
	nodes  int64
	quiet  bool // the first move of the line is not a check
}

// result is a whole build.
type result struct {
	puzzles []puzzle.Puzzle
	stats   puzzle.Stats
	cpu     time.Duration
}

func build(ctx context.Context, cfg config) (*result, error) {
	v, ok := variants.Default().Get("xiangqi")
	if !ok {
		return nil, errors.New("no xiangqi variant")
	}
	type job struct {
		idx    int
		folder string
		file   string
	}
	var jobs []job
	for _, folder := range cfg.Folders {
		files, err := filepath.Glob(filepath.Join(cfg.Data, folder, "*.pgn"))
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", folder, err)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("no .pgn files in %s", filepath.Join(cfg.Data, folder))
		}
		sort.Strings(files)
		if cfg.Limit > 0 && len(files) > cfg.Limit {
			files = files[:cfg.Limit]
		}
		for _, f := range files {
			jobs = append(jobs, job{idx: len(jobs), folder: folder, file: f})
		}
	}
	outs := make([]outcome, len(jobs))
	cpu0 := cpuTime()
	work := make(chan job)
	var wg sync.WaitGroup
	var logMu sync.Mutex
	for w := 0; w < max(1, cfg.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			solver := engine.New(engine.Options{TableBits: 20})
			for j := range work {
				o := solveRecord(ctx, v, cfg, solver, j.folder, j.file)
				outs[j.idx] = o
				if cfg.Log != nil {
					logMu.Lock()
					fmt.Fprintln(cfg.Log, logLine(j.folder, o))
					logMu.Unlock()
				}
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	res := &result{cpu: cpuTime() - cpu0}
	res.stats = puzzle.Stats{Checked: len(jobs), Dropped: map[string]int{}, Command: cfg.Command}
	var kept []outcome
	seen := map[string]string{} // board and side to move -> puzzle id
	for _, o := range outs {
		res.stats.Nodes += o.nodes
		if o.puzzle == nil {
			res.stats.Dropped[o.drop]++
			continue
		}
		// The dataset repeats some positions in several records.
		f := strings.Fields(o.puzzle.FEN)
		key := f[0] + " " + f[1]
		if first, dup := seen[key]; dup {
			res.stats.Dropped[dropDuplicate]++
			if cfg.Log != nil {
				fmt.Fprintf(cfg.Log, "drop %s: %s %s\n", o.puzzle.ID, dropDuplicate, first)
			}
			continue
		}
		seen[key] = o.puzzle.ID
		kept = append(kept, o)
	}
	assignLevels(kept)
	for _, o := range kept {
		res.puzzles = append(res.puzzles, *o.puzzle)
	}
	res.stats.Kept = len(res.puzzles)
	res.stats.SolverSeconds = math.Round(res.cpu.Seconds()*10) / 10
	return res, nil
}

func logLine(folder string, o outcome) string {
	if o.puzzle != nil {
		p := o.puzzle
		return fmt.Sprintf("keep %s %s/%s ply %d mate in %d, %d first move(s), %d nodes",
			p.ID, folder, filepath.Base(o.file), p.Source.Ply, p.MateIn, len(p.Solutions), o.nodes)
	}
	s := fmt.Sprintf("drop %s/%s: %s", folder, filepath.Base(o.file), o.drop)
	if o.detail != "" {
		s += " (" + o.detail + ")"
	}
	return s
}

// solveRecord reads one record and looks for its puzzle: the earliest position
// near the end, with the winner to move, from which the solver proves a mate, as
// long as every later position of the winner also has one (so that the record's
// own finish is the kind of win the puzzle asks for).
func solveRecord(ctx context.Context, v *rules.Variant, cfg config, solver *engine.Solver, folder, file string) outcome {
	o := outcome{file: file}
	f, err := os.Open(file)
	if err != nil {
		o.drop, o.detail = dropUnreadable, err.Error()
		return o
	}
	games, err := rules.ReadPGN(f)
	f.Close()
	if err != nil || len(games) == 0 {
		o.drop, o.detail = dropUnreadable, fmt.Sprint(err)
		return o
	}
	rec := games[0]
	rep, err := rec.ReplayDetail(v)
	if rep == nil {
		o.drop, o.detail = dropFEN, err.Error()
		return o
	}
	if err != nil {
		o.drop, o.detail = dropMove, err.Error()
		return o
	}
	g := rep.Game
	var winner rules.Side
	switch rec.Result {
	case "1-0":
		winner = rules.Red
	case "0-1":
		winner = rules.Black
	default:
		if out := g.Outcome(); out.Over && !out.Draw {
			winner = out.Winner
		} else {
			o.drop = dropNoWinner
			return o
		}
	}
	moves := g.Moves()
	start, err := rules.NewPosition(v, g.StartFEN())
	if err != nil {
		o.drop, o.detail = dropFEN, err.Error()
		return o
	}
	// Every position of the record, by ply.
	positions := make([]*rules.Position, 0, len(moves)+1)
	cur := start.Clone()
	positions = append(positions, cur.Clone())
	for _, m := range moves {
		cur.Make(m)
		positions = append(positions, cur.Clone())
	}
	// A fresh table for each record: what a record finds must not depend on
	// which records the worker solved before.
	solver.Reset()
	var best *engine.Mate
	bestPly := -1
	var spent int64
	window := 2*cfg.MaxMate + 2
	for ply := len(positions) - 1; ply >= 0 && ply >= len(positions)-window; ply-- {
		q := positions[ply]
		if q.ToMove() != winner {
			continue
		}
		if ply+1 < len(positions)-1 && positions[ply+1].ToMove() == winner {
			break // a pass or special move: not standard xiangqi
		}
		budget := cfg.Nodes - spent
		if budget <= 0 {
			break
		}
		solver.SetMaxNodes(budget)
		m, err := solver.Mate(ctx, q, cfg.MaxMate)
		spent += solver.Nodes()
		if err != nil {
			if best == nil {
				o.drop, o.detail = dropBudget, fmt.Sprintf("ply %d", ply)
			}
			break
		}
		if m.N == 0 {
			break
		}
		mm := m
		best, bestPly = &mm, ply
	}
	o.nodes = spent
	if best == nil {
		if o.drop == "" {
			o.drop = dropNoMate
		}
		if cfg.Tactics {
			if t := findTactic(ctx, cfg, solver, positions, moves, winner); t != nil {
				o.nodes += t.nodes
				o.drop, o.detail = "", ""
				return tacticOutcome(cfg, o, folder, file, rec, positions[t.ply], t)
			}
		}
		return o
	}
	if best.N > 1 && len(best.FirstMoves) > cfg.MaxSolutions || best.N == 1 && len(best.FirstMoves) > 1 {
		o.drop, o.detail = dropAmbiguous, fmt.Sprintf("%d first moves for mate in %d", len(best.FirstMoves), best.N)
		return o
	}
	q := positions[bestPly]
	// The main line follows the record where the record is as good as the best.
	solver.SetMaxNodes(cfg.Nodes)
	line, err := solver.Line(ctx, q, best.N, moves[bestPly:])
	if err != nil {
		line = best.Line
	}
	pz := &puzzle.Puzzle{
		ID: fmt.Sprintf("%s-%s", folderIDs[folder], strings.TrimLeft(strings.TrimSuffix(filepath.Base(file), ".pgn"), "0")),
		Source: puzzle.Source{
			Dataset: "ccpd", Folder: folder, File: filepath.Base(file),
			Event: rec.Tag("Event"), Red: rec.Tag("Red"), Black: rec.Tag("Black"), Ply: bestPly,
		},
		FEN:    q.FEN(),
		Side:   winner.String(),
		Goal:   puzzle.GoalMate,
		MateIn: best.N,
		Line:   coordLine(q, line),
		Nodes:  best.Nodes,
	}
	for _, m := range best.FirstMoves {
		pz.Solutions = append(pz.Solutions, rules.FormatCoord(q, m))
	}
	slices.Sort(pz.Solutions)
	if folderIDs[folder] == "" {
		pz.ID = "puzzle-" + pz.ID
	}
	c := q.Clone()
	c.Make(line[0])
	o.quiet = !c.InCheck()
	o.puzzle = pz
	return o
}

// tactic is a material win found in a record.
type tactic struct {
	ply   int
	t     engine.Tactic
	line  []rules.Move
	nodes int64
}

// findTactic looks at the winner's last moves, latest first, for a position where
// the winner's move in the record wins at least MinGain by force (and is one of
// at most MaxSolutions such moves). Mates are left to the mate search.
func findTactic(ctx context.Context, cfg config, solver *engine.Solver, positions []*rules.Position, moves []rules.Move, winner rules.Side) *tactic {
	var nodes int64
	for ply := len(moves) - 1; ply >= 0 && ply >= len(moves)-cfg.TacticWindow; ply-- {
		q := positions[ply]
		if q.ToMove() != winner {
			continue
		}
		solver.SetMaxNodes(cfg.Nodes)
		t, err := solver.WinMaterial(ctx, q, cfg.TacticDepth, cfg.MinGain)
		nodes += solver.Nodes()
		if err != nil || t.Mate || t.Gain < cfg.MinGain || len(t.FirstMoves) == 0 ||
			len(t.FirstMoves) > cfg.MaxTacticSolutions || !slices.Contains(t.FirstMoves, moves[ply]) {
			continue
		}
		// The line: the search's plies, ending with the winner's move.
		line := t.Line[:min(len(t.Line), cfg.TacticDepth)]
		if len(line)%2 == 0 {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			continue
		}
		return &tactic{ply: ply, t: t, line: line, nodes: nodes}
	}
	return nil
}

func tacticOutcome(cfg config, o outcome, folder, file string, rec *rules.PGNGame, q *rules.Position, t *tactic) outcome {
	pz := &puzzle.Puzzle{
		ID: fmt.Sprintf("%s-%s", folderIDs[folder], strings.TrimLeft(strings.TrimSuffix(filepath.Base(file), ".pgn"), "0")),
		Source: puzzle.Source{
			Dataset: "ccpd", Folder: folder, File: filepath.Base(file),
			Event: rec.Tag("Event"), Red: rec.Tag("Red"), Black: rec.Tag("Black"), Ply: t.ply,
		},
		FEN:    q.FEN(),
		Side:   q.ToMove().String(),
		Goal:   puzzle.GoalMaterial,
		Moves:  (len(t.line) + 1) / 2,
		Gain:   t.t.Gain,
		Target: t.t.Base + cfg.MinGain,
		Depth:  cfg.TacticDepth,
		Line:   coordLine(q, t.line),
		Nodes:  t.t.Nodes,
	}
	for _, m := range t.t.FirstMoves {
		pz.Solutions = append(pz.Solutions, rules.FormatCoord(q, m))
	}
	slices.Sort(pz.Solutions)
	c := q.Clone()
	c.Make(t.line[0])
	o.quiet = !c.InCheck() && t.line[0].Flags&rules.FlagCapture == 0
	o.puzzle = pz
	return o
}

func coordLine(p *rules.Position, line []rules.Move) []string {
	q := p.Clone()
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, rules.FormatCoord(q, m))
		q.Make(m)
	}
	return out
}

// assignLevels ranks the puzzles by how hard they look (longer mates, a quiet
// first move, more search, a single solution) and splits them into seven
// levels of equal size.
func assignLevels(kept []outcome) {
	type ranked struct {
		o     *outcome
		score float64
	}
	rs := make([]ranked, len(kept))
	for i := range kept {
		p := kept[i].puzzle
		score := float64(p.Length()) * 10
		if kept[i].quiet {
			score += 6
		}
		score += math.Log2(float64(p.Nodes + 1))
		score -= float64(len(p.Solutions)-1) * 3
		rs[i] = ranked{&kept[i], score}
	}
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(rs[a].score, rs[b].score); c != 0 {
			return c
		}
		return strings.Compare(rs[a].o.puzzle.ID, rs[b].o.puzzle.ID)
	})
	for rank, i := range order {
		rs[i].o.puzzle.Level = puzzle.MinLevel + rank*(puzzle.MaxLevel-puzzle.MinLevel+1)/max(1, len(order))
	}
}

// write stores the collection as JSON, gzip-compressed if the name ends in .gz.
// The output does not depend on timing, so a rebuild of the same data is
// byte-identical except for the solver time in the stats.
func write(path string, res *result) error {
	coll := puzzle.Collection{Puzzles: res.puzzles, Stats: res.stats}
	data, err := json.MarshalIndent(coll, "", " ")
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	if strings.HasSuffix(path, ".gz") {
		var buf bytes.Buffer
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return fmt.Errorf("compress: %w", err)
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compress: %w", err)
		}
		data = buf.Bytes()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func report(w io.Writer, res *result, wall time.Duration) {
	st := res.stats
	fmt.Fprintf(w, "checked %d records, kept %d, dropped %d\n", st.Checked, st.Kept, st.Checked-st.Kept)
	reasons := make([]string, 0, len(st.Dropped))
	for r := range st.Dropped {
		reasons = append(reasons, r)
	}
	slices.SortFunc(reasons, func(a, b string) int {
		return cmp.Or(cmp.Compare(st.Dropped[b], st.Dropped[a]), strings.Compare(a, b))
	})
	for _, r := range reasons {
		fmt.Fprintf(w, "  dropped %4d  %s\n", st.Dropped[r], r)
	}
	levels := map[int]int{}
	mates := map[int]int{}
	material := 0
	for _, p := range res.puzzles {
		levels[p.Level]++
		if p.Goal == puzzle.GoalMaterial {
			material++
		} else {
			mates[p.MateIn]++
		}
	}
	fmt.Fprintf(w, "levels:")
	for l := puzzle.MinLevel; l <= puzzle.MaxLevel; l++ {
		fmt.Fprintf(w, " %d:%d", l, levels[l])
	}
	fmt.Fprintf(w, "\nmate in:")
	for n := 1; n <= 15; n++ {
		if mates[n] > 0 {
			fmt.Fprintf(w, " %d:%d", n, mates[n])
		}
	}
	fmt.Fprintf(w, "; win material: %d", material)
	fmt.Fprintf(w, "\nsolver: %d nodes, %.1f s CPU (%.0f nodes/s), %.1f s wall\n",
		st.Nodes, res.cpu.Seconds(), float64(st.Nodes)/max(res.cpu.Seconds(), 0.001), wall.Seconds())
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
