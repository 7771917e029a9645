// Package match plays the engine against an external UCI engine (Debian's
// fairy-stockfish, or `bot uci` itself) from openings of real games, with
// alternating colours and equal time per move, and adjudicates every game by
// our rules (rules.Game: checkmate, stalemate, perpetual check, repetition, the
// move limit). It reports the score and an Elo estimate with its error.
package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/engine/uci"
	"github.com/chuhe/chuhe/rules"
)

// Opponent is an external engine spoken to over UCI.
type Opponent struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	// Nodes, when set, makes Move search this many nodes ("go nodes N")
	// instead of the move time.
	Nodes int64
}

// StartOpponent starts path with args and does the UCI handshake for variant.
func StartOpponent(ctx context.Context, variant string, path string, args ...string) (*Opponent, error) {
	return StartOpponentWith(ctx, variant, nil, path, args...)
}

// StartOpponentWith is StartOpponent with UCI options set after the defaults
// ("Skill Level" → "5" handicaps Fairy-Stockfish).
func StartOpponentWith(ctx context.Context, variant string, options [][2]string, path string, args ...string) (*Opponent, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("match: %s stdin: %w", path, err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("match: %s stdout: %w", path, err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("match: start %s: %w", path, err)
	}
	o := &Opponent{cmd: cmd, in: in, out: bufio.NewScanner(outPipe)}
	o.out.Buffer(make([]byte, 64*1024), 1<<20)
	o.send("uci")
	if _, err := o.until("uciok"); err != nil {
		o.Close()
		return nil, err
	}
	o.send("setoption name UCI_Variant value " + variant)
	o.send("setoption name Threads value 1")
	o.send("setoption name Hash value 32")
	for _, kv := range options {
		o.send("setoption name " + kv[0] + " value " + kv[1])
	}
	if err := o.Ready(); err != nil {
		o.Close()
		return nil, err
	}
	return o, nil
}

func (o *Opponent) send(line string) {
	_, _ = io.WriteString(o.in, line+"\n") // a dead engine shows in until
}

// until reads lines up to one starting with prefix and returns them.
func (o *Opponent) until(prefix string) ([]string, error) {
	var lines []string
	for o.out.Scan() {
		l := o.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
	}
	if err := o.out.Err(); err != nil {
		return lines, fmt.Errorf("match: read from the engine: %w", err)
	}
	return lines, fmt.Errorf("match: the engine ended before %q", prefix)
}

// Ready waits until the engine answers isready.
func (o *Opponent) Ready() error {
	o.send("isready")
	_, err := o.until("readyok")
	return err
}

// NewGame tells the engine a new game starts.
func (o *Opponent) NewGame() error {
	o.send("ucinewgame")
	return o.Ready()
}

// Go sends the position (start FEN and moves in UCI notation) and a go command
// ("movetime 100", "depth 12"), and returns the best move and the last info
// line's nodes per second.
func (o *Opponent) Go(fen string, moves []string, goArgs string) (best string, nps int64, err error) {
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	o.send(pos)
	o.send("go " + goArgs)
	lines, err := o.until("bestmove")
	if err != nil {
		return "", 0, err
	}
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "info" && f[i] == "nps" {
				if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
					nps = n
				}
			}
		}
	}
	f := strings.Fields(lines[len(lines)-1])
	if len(f) < 2 {
		return "", nps, errors.New("match: bestmove without a move")
	}
	return f[1], nps, nil
}

// Close ends the engine.
func (o *Opponent) Close() error {
	o.send("quit")
	o.in.Close()
	done := make(chan error, 1)
	go func() { done <- o.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		_ = o.cmd.Process.Kill()
		return <-done
	}
}

// Config is a match.
type Config struct {
	Variant  *rules.Variant
	Openings [][]string // coordinate moves (ours) from the start
	Games    int        // each opening is played twice, colours swapped
	MoveTime time.Duration
	MaxPlies int // a game this long is a draw (0: 400)
	// Log, when set, gets one line per game.
	Log func(format string, args ...any)
}

// Game is one played game.
type Game struct {
	Opening   int
	EngineRed bool
	Moves     []string // ours, coordinates
	Outcome   rules.Outcome
	Score     float64 // for the engine: 1, 0.5 or 0
	// Refused counts the moves the rules refused (forbidden repetitions),
	// ours first, each replaced by another of the same player.
	Refused [2]int
}

// Result is a match's result from the engine's side.
type Result struct {
	Games         []Game
	Wins, Draws   int
	Losses        int
	Score         float64 // points per game
	Elo, EloError float64 // difference to the opponent and the 95% half-width
	Bound         int     // see Elo: -1 or +1 when Elo is a one-sided bound
}

// Player chooses the moves of one side.
type Player interface {
	NewGame() error
	Move(ctx context.Context, g *rules.Game, moveTime time.Duration) (rules.Move, error)
}

// Restricted is a Player that can be told which moves it may choose from: the
// match asks it again when the rules refuse its move (a forbidden repetition,
// such as a perpetual chase, which an engine may not know as our rules do).
type Restricted interface {
	MoveAmong(ctx context.Context, g *rules.Game, moveTime time.Duration, allowed []rules.Move) (rules.Move, error)
}

// EnginePlayer is our engine in this process, at a level.
type EnginePlayer struct {
	Engine *engine.Engine
	Level  int
	// Nodes, when set, bounds each search by nodes instead of the move time:
	// matches that compare two versions of the engine then do not depend on
	// the machine's load.
	Nodes int64
}

// NewGame implements Player.
func (p EnginePlayer) NewGame() error {
	p.Engine.NewGame()
	p.Engine.SetLevel(p.Level)
	return nil
}

// Move implements Player.
func (p EnginePlayer) Move(ctx context.Context, g *rules.Game, moveTime time.Duration) (rules.Move, error) {
	lim := engine.Limits{MoveTime: moveTime}
	if p.Nodes > 0 {
		lim = engine.Limits{Nodes: p.Nodes}
	}
	r, err := p.Engine.Search(ctx, g, lim)
	if err != nil {
		return rules.NullMove, fmt.Errorf("engine: %w", err)
	}
	return r.Move, nil
}

// Move implements Player: the game goes to the engine as its start FEN and the
// moves since, in UCI notation.
func (o *Opponent) Move(ctx context.Context, g *rules.Game, moveTime time.Duration) (rules.Move, error) {
	return o.MoveAmong(ctx, g, moveTime, nil)
}

// MoveAmong implements Restricted: the engine searches only the allowed moves
// (UCI searchmoves); nil allows every move.
func (o *Opponent) MoveAmong(ctx context.Context, g *rules.Game, moveTime time.Duration, allowed []rules.Move) (rules.Move, error) {
	q, err := rules.NewPosition(g.Variant(), g.StartFEN())
	if err != nil {
		return rules.NullMove, err
	}
	var moves []string
	for _, m := range g.Moves() {
		moves = append(moves, uci.FormatMove(q, m))
		q.Make(m)
	}
	goArgs := fmt.Sprintf("movetime %d", moveTime.Milliseconds())
	if o.Nodes > 0 {
		goArgs = fmt.Sprintf("nodes %d", o.Nodes)
	}
	if len(allowed) > 0 {
		var b strings.Builder
		b.WriteString(goArgs + " searchmoves")
		for _, m := range allowed {
			b.WriteString(" " + uci.FormatMove(g.Position(), m))
		}
		goArgs = b.String()
	}
	best, _, err := o.Go(g.StartFEN(), moves, goArgs)
	if err != nil {
		return rules.NullMove, err
	}
	m, err := uci.ParseMove(g.Position(), best)
	if err != nil {
		return rules.NullMove, fmt.Errorf("the opponent's move %s: %w", best, err)
	}
	return m, nil
}

// Run plays the match between ours (whose score it reports) and theirs.
func Run(ctx context.Context, cfg Config, ours, theirs Player) (Result, error) {
	var res Result
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 400
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = [][]string{nil}
	}
	for i := 0; i < cfg.Games; i++ {
		if err := ctx.Err(); err != nil {
			break
		}
		op := (i / 2) % len(cfg.Openings)
		g, err := playGame(ctx, cfg, ours, theirs, cfg.Openings[op], i%2 == 0)
		if err != nil {
			return res, fmt.Errorf("game %d: %w", i+1, err)
		}
		g.Opening = op
		res.Games = append(res.Games, g)
		switch g.Score {
		case 1:
			res.Wins++
		case 0.5:
			res.Draws++
		default:
			res.Losses++
		}
		if cfg.Log != nil {
			side := "black"
			if g.EngineRed {
				side = "red"
			}
			refused := ""
			if g.Refused != [2]int{} {
				refused = fmt.Sprintf(", repetitions refused: ours %d, theirs %d", g.Refused[0], g.Refused[1])
			}
			cfg.Log("game %d opening %d engine %s: %s %s (%d plies%s) score %.1f, total +%d =%d -%d",
				i+1, op+1, side, g.Outcome.Result(), g.Outcome.Reason, len(g.Moves), refused, g.Score, res.Wins, res.Draws, res.Losses)
		}
	}
	res.Score, res.Elo, res.EloError, res.Bound = Elo(res.Wins, res.Draws, res.Losses)
	return res, nil
}

func playGame(ctx context.Context, cfg Config, ours, theirs Player, opening []string, oursRed bool) (Game, error) {
	out := Game{EngineRed: oursRed}
	g, err := rules.Replay(cfg.Variant, "", opening)
	if err != nil {
		return out, fmt.Errorf("opening: %w", err)
	}
	out.Moves = append(out.Moves, opening...)
	if err := ours.NewGame(); err != nil {
		return out, err
	}
	if err := theirs.NewGame(); err != nil {
		return out, err
	}
	oursSide := rules.Black
	if oursRed {
		oursSide = rules.Red
	}
	for !g.Outcome().Over && len(out.Moves) < cfg.MaxPlies {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p := g.Position()
		player := theirs
		oursToMove := p.ToMove() == oursSide
		if oursToMove {
			player = ours
		}
		m, err := player.Move(ctx, g, cfg.MoveTime)
		if err != nil {
			return out, fmt.Errorf("after %v: %w", out.Moves, err)
		}
		text, refused, err := playAllowed(ctx, g, player, m, cfg.MoveTime)
		if err != nil {
			return out, fmt.Errorf("after %v: %w", out.Moves, err)
		}
		out.Moves = append(out.Moves, text)
		if oursToMove {
			out.Refused[0] += refused
		} else {
			out.Refused[1] += refused
		}
	}
	out.Outcome = g.Outcome()
	if !out.Outcome.Over {
		out.Outcome = rules.Drawn(rules.ReasonMoveLimit)
	}
	switch {
	case out.Outcome.Draw:
		out.Score = 0.5
	case out.Outcome.Winner == oursSide:
		out.Score = 1
	}
	return out, nil
}

// playAllowed plays m for player, or, when the rules refuse it (a forbidden
// repetition), asks player again among the legal moves not refused yet; a
// player that cannot be restricted plays the first of them. It returns the move
// played in coordinates and how many were refused.
func playAllowed(ctx context.Context, g *rules.Game, player Player, m rules.Move, moveTime time.Duration) (string, int, error) {
	var refused []rules.Move
	for {
		text := rules.FormatCoord(g.Position(), m)
		err := g.Play(m)
		if err == nil {
			return text, len(refused), nil
		}
		if !g.Legal(m) {
			return "", len(refused), fmt.Errorf("move %s: %w", text, err)
		}
		refused = append(refused, m)
		var allowed []rules.Move
		for _, lm := range g.Position().LegalMoves(nil) {
			if !slices.Contains(refused, lm) {
				allowed = append(allowed, lm)
			}
		}
		if len(allowed) == 0 {
			return "", len(refused), fmt.Errorf("move %s: %w (and no other move)", text, err)
		}
		r, ok := player.(Restricted)
		if !ok {
			m = allowed[0]
			continue
		}
		if m, err = r.MoveAmong(ctx, g, moveTime, allowed); err != nil {
			return "", len(refused), err
		}
	}
}

// Elo turns a score into an Elo difference with the half-width of its 95%
// confidence interval (normal approximation over the games' scores). When every
// game was lost (or every game won) there is no interval: Elo returns the 95%
// bound instead (from the binomial, draws counting as the other result), with
// bound -1 (the difference is below elo) or +1 (above); otherwise bound is 0.
func Elo(wins, draws, losses int) (score, elo, errHalf float64, bound int) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 0, 0, 0
	}
	score = (float64(wins) + 0.5*float64(draws)) / n
	toElo := func(s float64) float64 {
		s = math.Min(math.Max(s, 1e-9), 1-1e-9)
		return -400*math.Log10(1/s-1) + 0 // + 0: no "-0"
	}
	switch {
	case wins+draws == 0:
		return 0, toElo(1 - math.Pow(0.05, 1/n)), 0, -1
	case losses+draws == 0:
		return 1, toElo(math.Pow(0.05, 1/n)), 0, 1
	}
	variance := (float64(wins)*sq(1-score) + float64(draws)*sq(0.5-score) + float64(losses)*sq(score)) / n
	se := math.Sqrt(variance / n)
	elo = toElo(score)
	lo, hi := toElo(math.Max(score-1.96*se, 0.5/n)), toElo(math.Min(score+1.96*se, 1-0.5/n))
	return score, elo, (hi - lo) / 2, 0
}

// Summary is the score and Elo in words: "+23 =2 -75, score 24.0%, Elo -200 ± 81 (95%)".
func (r Result) Summary() string {
	head := fmt.Sprintf("+%d =%d -%d, score %.1f%%, ", r.Wins, r.Draws, r.Losses, 100*r.Score)
	switch r.Bound {
	case -1:
		return head + fmt.Sprintf("Elo below %+.0f (95%%; no game won or drawn)", r.Elo)
	case 1:
		return head + fmt.Sprintf("Elo above %+.0f (95%%; every game won)", r.Elo)
	}
	return head + fmt.Sprintf("Elo %+.0f ± %.0f (95%%)", r.Elo, r.EloError)
}

func sq(x float64) float64 { return x * x }

// ReadOpenings reads one opening a line (coordinate moves; # starts a comment).
func ReadOpenings(path string) ([][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("match: openings: %w", err)
	}
	var out [][]string
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if f := strings.Fields(line); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out, nil
}
