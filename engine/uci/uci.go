// Package uci speaks the Universal Chess Interface for the engine, as
// Fairy-Stockfish does for variants, so that GUIs and other engines can play it
// (`bot uci`), and drives external UCI engines (the match runner).
//
// Variants are chosen with `setoption name UCI_Variant value SLUG` among every
// registered variant. Positions are `position startpos|fen FEN [moves ...]`, the
// FEN as Fairy-Stockfish writes it for xiangqi (the same as ours), moves in
// coordinates with ranks counted from 1 as UCI does (Fairy-Stockfish's
// `h3e3` is our `h2e2`); variant moves (reveals, flips) keep their own text.
package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

// Variants is the set of variants the server offers.
type Variants interface {
	Get(slug string) (*rules.Variant, bool)
	All() []*rules.Variant
}

// Server is one UCI session: it reads commands, answers and searches.
type Server struct {
	reg Variants
	eng *engine.Engine

	mu  sync.Mutex // guards out
	out *bufio.Writer

	v     *rules.Variant
	game  *rules.Game
	level int

	// the running search, if any
	running chan struct{} // closed when the search has printed bestmove
	cancel  context.CancelFunc
	release chan struct{} // go infinite: closed by stop, so bestmove may be printed
}

// DefaultVariant is the variant of a fresh session.
const DefaultVariant = "xiangqi"

// NewServer returns a session over the given variants (xiangqi must be one).
func NewServer(reg Variants, cfg engine.Config) (*Server, error) {
	v, ok := reg.Get(DefaultVariant)
	if !ok {
		return nil, fmt.Errorf("uci: no %s variant", DefaultVariant)
	}
	s := &Server{reg: reg, eng: engine.NewEngine(cfg), level: engine.LevelOf(cfg.Level).Number}
	s.eng.SetLevel(s.level)
	s.setVariant(v)
	return s, nil
}

func (s *Server) setVariant(v *rules.Variant) {
	s.v = v
	g, err := rules.NewGame(v, "")
	if err == nil {
		s.game = g
	}
}

// Run serves commands from in until quit or the end of in (or ctx).
func (s *Server) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = bufio.NewWriter(out)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	defer s.stopSearch()
	for sc.Scan() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if quit := s.command(ctx, strings.Fields(sc.Text())); quit {
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("uci: read commands: %w", err)
	}
	return nil
}

func (s *Server) printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
}

// command runs one command line; it reports quit.
func (s *Server) command(ctx context.Context, f []string) bool {
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci":
		s.printf("id name Chuhe")
		s.printf("id author the Chuhe authors")
		var slugs []string
		for _, v := range s.reg.All() {
			slugs = append(slugs, "var "+v.Slug)
		}
		s.printf("option name UCI_Variant type combo default %s %s", DefaultVariant, strings.Join(slugs, " "))
		s.printf("option name Skill Level type spin default %d min %d max %d", s.level, engine.MinLevel, engine.MaxLevel)
		s.printf("uciok")
	case "isready":
		s.printf("readyok")
	case "quit":
		return true
	case "stop":
		s.stopSearch()
	case "ucinewgame":
		s.stopSearch()
		s.eng.NewGame()
		s.setVariant(s.v)
	case "setoption":
		s.stopSearch()
		s.setOption(f[1:])
	case "position":
		s.stopSearch()
		if err := s.position(f[1:]); err != nil {
			s.printf("info string %v", err)
		}
	case "go":
		s.stopSearch()
		s.goSearch(ctx, f[1:])
	case "d":
		s.printf("info string fen %s", s.game.Position().FEN())
	default:
		s.printf("info string unknown command %s", f[0])
	}
	return false
}

func (s *Server) setOption(f []string) {
	// setoption name NAME... value VALUE...
	var name, value []string
	cur := &name
	for i, w := range f {
		switch {
		case i == 0 && w == "name":
		case w == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, w)
		}
	}
	n, val := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "uci_variant":
		v, ok := s.reg.Get(val)
		if !ok {
			s.printf("info string unknown variant %q", val)
			return
		}
		s.setVariant(v)
		s.eng.NewGame()
	case "skill level", "level":
		lv, err := strconv.Atoi(val)
		if err != nil {
			s.printf("info string level %q is not a number from %d to %d", val, engine.MinLevel, engine.MaxLevel)
			return
		}
		s.level = engine.LevelOf(lv).Number
		s.eng.SetLevel(s.level)
	default:
		s.printf("info string unknown option %q", n)
	}
}

// position reads `startpos|fen FEN [moves M...]`. On an error the old position
// stays.
func (s *Server) position(f []string) error {
	if len(f) == 0 {
		return fmt.Errorf("position needs startpos or fen")
	}
	var fen string
	rest := f[1:]
	switch f[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return fmt.Errorf("position needs startpos or fen, not %q", f[0])
	}
	g, err := rules.NewGame(s.v, fen)
	if err != nil {
		return fmt.Errorf("bad fen: %w", err)
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, text := range rest[1:] {
			m, err := ParseMove(g.Position(), text)
			if err != nil {
				return fmt.Errorf("move %s: %w", text, err)
			}
			if err := g.Play(m); err != nil {
				return fmt.Errorf("move %s: %w", text, err)
			}
		}
	}
	s.game = g
	return nil
}

func (s *Server) goSearch(ctx context.Context, f []string) {
	var lim engine.Limits
	infinite := false
	side := s.game.Position().ToMove()
	ms := func(i int) time.Duration {
		if i+1 >= len(f) {
			return 0
		}
		n, _ := strconv.ParseInt(f[i+1], 10, 64)
		return time.Duration(n) * time.Millisecond
	}
	num := func(i int) int64 {
		if i+1 >= len(f) {
			return 0
		}
		n, _ := strconv.ParseInt(f[i+1], 10, 64)
		return n
	}
	for i, w := range f {
		switch w {
		case "infinite":
			infinite = true
		case "movetime":
			lim.MoveTime = ms(i)
		case "depth":
			lim.Depth = int(num(i))
		case "nodes":
			lim.Nodes = num(i)
		case "movestogo":
			lim.MovesToGo = int(num(i))
		case "wtime":
			if side == rules.Red {
				lim.Time = ms(i)
			}
		case "btime":
			if side == rules.Black {
				lim.Time = ms(i)
			}
		case "winc":
			if side == rules.Red {
				lim.Inc = ms(i)
			}
		case "binc":
			if side == rules.Black {
				lim.Inc = ms(i)
			}
		}
	}
	sctx, cancel := context.WithCancel(ctx)
	s.cancel = cancel
	s.running = make(chan struct{})
	s.release = make(chan struct{})
	if !infinite {
		close(s.release)
	}
	g, running, release := s.game, s.running, s.release
	pos := g.Position()
	s.eng.SetInfo(func(in engine.Info) {
		score := fmt.Sprintf("cp %d", in.Score)
		if in.Mate != 0 {
			score = fmt.Sprintf("mate %d", in.Mate)
		}
		ms := in.Time.Milliseconds()
		nps := int64(0)
		if ms > 0 {
			nps = in.Nodes * 1000 / ms
		}
		s.printf("info depth %d score %s nodes %d nps %d time %d pv %s",
			in.Depth, score, in.Nodes, nps, ms, FormatLine(pos, in.PV))
	})
	go func() {
		defer close(running)
		res, err := s.eng.Search(sctx, g, lim)
		<-release // go infinite answers only after stop
		if err != nil {
			s.printf("bestmove (none)")
			return
		}
		s.printf("bestmove %s", FormatMove(pos, res.Move))
	}()
}

// stopSearch ends a running search and waits for its bestmove.
func (s *Server) stopSearch() {
	if s.running == nil {
		return
	}
	s.eng.Stop()
	s.cancel()
	select {
	case <-s.release:
	default:
		close(s.release)
	}
	<-s.running
	s.running = nil
}

// FormatMove writes m in UCI coordinates: ranks counted from 1 on boards of
// points (xiangqi), as on boards of cells.
func FormatMove(p *rules.Position, m rules.Move) string {
	b := p.Variant().Board
	if m.Flags&rules.FlagSpecial != 0 || !onGrid(b, m.From) || !onGrid(b, m.To) {
		return rules.FormatCoord(p, m)
	}
	return uciSquare(b, m.From) + uciSquare(b, m.To)
}

// FormatLine writes a line of moves from p, space-separated.
func FormatLine(p *rules.Position, line []rules.Move) string {
	q := p.Clone()
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, FormatMove(q, m))
		q.Make(m)
	}
	return strings.Join(out, " ")
}

func onGrid(b *rules.Board, sq rules.Square) bool {
	return sq >= 0 && int(sq) < b.Width*b.Height
}

func uciSquare(b *rules.Board, sq rules.Square) string {
	f, r := int(sq)%b.Width, int(sq)/b.Width
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// ParseMove reads a UCI move and returns it if it is legal in p.
func ParseMove(p *rules.Position, text string) (rules.Move, error) {
	// A move as FormatMove writes it reads back, whatever its kind: on a cell
	// board a flip in place (banqi's c1c1) looks like two UCI squares.
	legal := p.LegalMoves(nil)
	for _, m := range legal {
		if FormatMove(p, m) == text {
			return m, nil
		}
	}
	b := p.Variant().Board
	if from, to, ok := splitUCI(b, text); ok {
		for _, m := range legal {
			if m.From == from && m.To == to && m.Flags&rules.FlagSpecial == 0 {
				return m, nil
			}
		}
	}
	// Variant moves keep their own text, which may read as two squares too
	// (banqi's flip "c1c1"); a plain move must have matched above (its ranks
	// count from 1 in UCI, from 0 in our coordinates).
	m, err := rules.ParseCoord(p, text)
	if err != nil || m.Flags&rules.FlagSpecial == 0 {
		return rules.NullMove, fmt.Errorf("not a legal move here")
	}
	return m, nil
}

// splitUCI reads two grid squares like h3e3 (ranks from 1).
func splitUCI(b *rules.Board, text string) (rules.Square, rules.Square, bool) {
	var sqs [2]rules.Square
	i := 0
	for k := 0; k < 2; k++ {
		if i >= len(text) || text[i] < 'a' || text[i] > 'z' {
			return 0, 0, false
		}
		file := int(text[i] - 'a')
		i++
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		rank, err := strconv.Atoi(text[i:j])
		if err != nil || file >= b.Width || rank < 1 || rank > b.Height {
			return 0, 0, false
		}
		i = j
		sqs[k] = rules.Square((rank-1)*b.Width + file)
	}
	if i != len(text) {
		return 0, 0, false
	}
	return sqs[0], sqs[1], true
}
