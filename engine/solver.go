package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Errors of the engine.
var (
	// ErrBudget is returned when a search stops because it used its node budget
	// (Options.MaxNodes) before it could decide.
	ErrBudget = errors.New("engine: search budget exhausted")
	// ErrTooDeep is returned when a mate search is asked for more moves than the
	// solver supports (MaxMateMoves).
	ErrTooDeep = errors.New("engine: too many moves asked for")
)

// MaxMateMoves is the longest mate (in moves of the winning side) the solver
// searches for.
const MaxMateMoves = 15

// Options configure a Solver. The zero value is usable.
type Options struct {
	// MaxNodes stops a search with ErrBudget after about that many nodes; 0 means
	// no limit. A node costs roughly one to twenty microseconds.
	MaxNodes int64
	// TableBits sizes the transposition table at 2^TableBits entries of 24
	// bytes; 0 means 18 (6 MiB).
	TableBits int
	// FullWidth is the number of moves left to the winning side at or below which
	// the mate search tries every move; with more moves left it tries only checks.
	// The first move is always searched in full. 0 means DefaultFullWidth; a
	// negative value means every node is searched in full.
	FullWidth int
}

// DefaultFullWidth is Options.FullWidth when it is left zero: quiet moves are
// tried when the winning side has at most this many moves left.
const DefaultFullWidth = 2

// Solver searches xiangqi-like positions for forced wins: mates (and, in
// xiangqi, stalemates, which lose for the side that cannot move) and material
// gains. It is a thin layer over the game search (Engine): its questions are
// answered by the search's mate-proof mode (prove.go) and its material search
// (material.go), on the Engine's board, move buffers, ordering and
// transposition table. A Solver keeps its table between calls, which makes
// repeated questions about one puzzle cheap. It is not safe for concurrent use;
// use one Solver per goroutine.
type Solver struct {
	opt       Options
	fullWidth int
	e         *Engine // searches only for this Solver: its table holds proofs only

	side rules.Side // the attacker of the running proof search
}

// New returns a Solver with the given options.
func New(opt Options) *Solver {
	if opt.TableBits == 0 {
		opt.TableBits = 18
	}
	s := &Solver{opt: opt, e: NewEngine(Config{TableBits: opt.TableBits})}
	switch {
	case opt.FullWidth == 0:
		s.fullWidth = DefaultFullWidth
	case opt.FullWidth < 0:
		s.fullWidth = MaxMateMoves
	default:
		s.fullWidth = opt.FullWidth
	}
	return s
}

// Reset forgets what earlier calls learnt (the transposition table, the
// killer moves and the history), so that what follows does not depend on them.
func (s *Solver) Reset() { s.e.NewGame() }

// SetMaxNodes changes the node budget of the calls that follow (0: no limit).
func (s *Solver) SetMaxNodes(n int64) { s.opt.MaxNodes = n }

// Nodes is the number of nodes the last call searched.
func (s *Solver) Nodes() int64 { return s.e.nodes }

// begin prepares a search of a copy of p on the Engine's board, in proof mode
// (no repetition, no move limit); p itself is never changed.
func (s *Solver) begin(ctx context.Context, p *rules.Position) {
	if ctx == nil {
		ctx = context.Background()
	}
	e := s.e
	e.prepare(p.Variant())
	e.b = newBoard(p.Clone(), nil)
	e.b.proof = true
	e.ctx = ctx
	e.stopF.Store(false)
	e.aborted, e.timed = false, false
	e.nodes, e.maxNodes = 0, s.opt.MaxNodes
	e.tt.age++
}

func (s *Solver) end() { s.e.b, s.e.ctx = nil, nil }

// err is why the running call stopped early, or nil.
func (s *Solver) err() error {
	e := s.e
	if !e.aborted {
		return nil
	}
	if err := e.ctx.Err(); err != nil {
		return fmt.Errorf("engine: search stopped: %w", err)
	}
	return ErrBudget
}

// Mate is the answer of a mate search.
type Mate struct {
	// N is the number of moves the side to move needs to win against the best
	// defence; 0 when no win was found within the limit.
	N int
	// Line is the main line: the winner's moves and the longest defence, 2N-1
	// plies, ending in checkmate or stalemate.
	Line []rules.Move
	// FirstMoves are all the first moves that also win within N moves, the main
	// line's first move included, in move-generation order.
	FirstMoves []rules.Move
	// Nodes is the number of positions searched.
	Nodes int64
}

// MateIn looks for a forced win of the side to move within maxMoves of its moves
// (checkmate, or stalemate where the variant makes it a loss). It returns the
// shortest such n, the main line, and every first move that wins within n; n is
// 0 if there is none. It searches without a budget; use a Solver for one.
func MateIn(p *rules.Position, maxMoves int) (n int, line []rules.Move, firstMoves []rules.Move) {
	m, err := New(Options{}).Mate(context.Background(), p, maxMoves)
	if err != nil {
		return 0, nil, nil
	}
	return m.N, m.Line, m.FirstMoves
}

// Mate searches p for the shortest forced win of the side to move within
// maxMoves moves, and returns it with its main line and all winning first moves.
// A result with N = 0 means that no win was found: none exists within maxMoves
// if FullWidth covers maxMoves, otherwise none that keeps checking. It does not
// consider repetition: a mate found is never longer than it needs to be, so no
// position of its line can repeat. On ErrBudget or a cancelled ctx it returns
// the error and no result.
func (s *Solver) Mate(ctx context.Context, p *rules.Position, maxMoves int) (Mate, error) {
	if maxMoves > MaxMateMoves {
		return Mate{}, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	var out Mate
	out.N = s.distance(maxMoves)
	if err := s.err(); err != nil {
		return Mate{}, err
	}
	if out.N == 0 {
		out.Nodes = s.e.nodes
		return out, nil
	}
	first, err := s.firstMoves(out.N)
	if err != nil {
		return Mate{}, err
	}
	out.FirstMoves = first
	line, err := s.line(out.N, nil)
	if err != nil {
		return Mate{}, err
	}
	out.Line = line
	out.Nodes = s.e.nodes
	return out, nil
}

// Line returns a main line for a win known to take n moves, following prefer
// (a line of moves, say from a game record) wherever prefer's move is as good as
// the best: the winner's move wins as fast, the defender's move holds as long.
func (s *Solver) Line(ctx context.Context, p *rules.Position, n int, prefer []rules.Move) ([]rules.Move, error) {
	if n > MaxMateMoves {
		return nil, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	if !s.wins(n) {
		if err := s.err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("engine: no win in %d moves to follow", n)
	}
	return s.line(n, prefer)
}

// Wins reports whether the side to move of p forces a win within n moves.
func (s *Solver) Wins(ctx context.Context, p *rules.Position, n int) (bool, error) {
	if n > MaxMateMoves {
		return false, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	ok := s.wins(n)
	return ok, s.err()
}

// Lost reports whether the side to move of p is lost within n moves of its
// opponent: it has no legal move now (and that loses), or every reply leaves the
// opponent a forced win within n moves. Lost(p, 0) is the end-of-game test.
func (s *Solver) Lost(ctx context.Context, p *rules.Position, n int) (bool, error) {
	if n > MaxMateMoves {
		return false, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	ok := s.lost(n)
	return ok, s.err()
}

// Defence returns the best reply of the side to move of p, which is lost within
// n moves of its opponent: the reply after which the opponent needs the most
// moves (left is that number). Among equal replies it takes prefer if it is one
// of them. It fails if p is not lost within n, or has no legal move.
func (s *Solver) Defence(ctx context.Context, p *rules.Position, n int, prefer rules.Move) (reply rules.Move, left int, err error) {
	if n > MaxMateMoves {
		return rules.NullMove, 0, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	return s.defence(n, prefer)
}

// Refute returns a reply of the side to move of p after which its opponent has
// no forced win within n moves: the proof that p is not lost within n. It fails
// with an error if every reply loses within n (or there is no legal reply).
func (s *Solver) Refute(ctx context.Context, p *rules.Position, n int) (rules.Move, error) {
	if n > MaxMateMoves {
		return rules.NullMove, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	for _, m := range s.e.b.p.LegalMoves(nil) {
		ok := s.winsAfter(m, n)
		if err := s.err(); err != nil {
			return rules.NullMove, err
		}
		if !ok {
			return m, nil
		}
	}
	return rules.NullMove, fmt.Errorf("engine: no reply holds out %d moves", n)
}

// Distance returns the number of moves the side to move of p needs to force a
// win, searching up to max; 0 means none found.
func (s *Solver) Distance(ctx context.Context, p *rules.Position, max int) (int, error) {
	if max > MaxMateMoves {
		return 0, ErrTooDeep
	}
	s.begin(ctx, p)
	defer s.end()
	d := s.distance(max)
	if err := s.err(); err != nil {
		return 0, err
	}
	return d, nil
}

// firstMoves tries every legal first move, quiet or not, and keeps those after
// which the defender is lost within n-1 more moves.
func (s *Solver) firstMoves(n int) ([]rules.Move, error) {
	var out []rules.Move
	for _, m := range s.e.b.p.LegalMoves(nil) {
		ok := s.lostAfter(m, n-1)
		if err := s.err(); err != nil {
			return nil, err
		}
		if ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// line builds the main line of a win in n moves, playing it on the board and
// taking it back.
func (s *Solver) line(n int, prefer []rules.Move) ([]rules.Move, error) {
	b := s.e.b
	var line []rules.Move
	defer func() {
		for range line {
			b.unplay()
		}
	}()
	want := func() rules.Move {
		if len(prefer) > len(line) {
			return prefer[len(line)]
		}
		return rules.NullMove
	}
	for left := n; left > 0; {
		// The winner: the fastest win, the preferred move first among equals.
		k := s.distance(left)
		if err := s.err(); err != nil {
			return nil, err
		}
		if k == 0 {
			return nil, fmt.Errorf("engine: lost the win with %d moves left", left)
		}
		best, err := s.winningMove(k, want())
		if err != nil {
			return nil, err
		}
		end := b.play(best)
		line = append(line, best)
		left = k - 1
		if end != notOver || !b.p.HasLegalMove() {
			break
		}
		reply, err := s.longestDefence(left, want())
		if err != nil {
			return nil, err
		}
		b.play(reply)
		line = append(line, reply)
	}
	return append([]rules.Move(nil), line...), nil
}

// winningMove returns a move that wins within k moves (k is the distance): want
// if it does, else the one the table remembers, else the first that does.
func (s *Solver) winningMove(k int, want rules.Move) (rules.Move, error) {
	moves := s.e.b.p.LegalMoves(nil)
	s.side = s.e.b.p.ToMove()
	if ent, ok := s.e.tt.probe(s.proofKey()); ok {
		moves = preferFirst(moves, ent.move())
	}
	if want != rules.NullMove {
		moves = preferFirst(moves, want)
	}
	for _, m := range moves {
		ok := s.lostAfter(m, k-1)
		if err := s.err(); err != nil {
			return rules.NullMove, err
		}
		if ok {
			return m, nil
		}
	}
	return rules.NullMove, fmt.Errorf("engine: no move wins in %d", k)
}

// longestDefence returns a reply after which the attacker still needs left moves
// (the most it can need after a fastest winning move), want first if it is one.
func (s *Solver) longestDefence(left int, want rules.Move) (rules.Move, error) {
	moves := s.e.b.p.LegalMoves(nil)
	if want != rules.NullMove {
		moves = preferFirst(moves, want)
	}
	for _, m := range moves {
		quick := s.winsAfter(m, left-1)
		if err := s.err(); err != nil {
			return rules.NullMove, err
		}
		if !quick {
			return m, nil
		}
	}
	return rules.NullMove, fmt.Errorf("engine: no defence holds %d moves", left)
}

// defence picks the reply that holds out longest; see Defence.
func (s *Solver) defence(n int, prefer rules.Move) (rules.Move, int, error) {
	p := s.e.b.p
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return rules.NullMove, 0, errors.New("engine: no legal move to defend with")
	}
	if prefer != rules.NullMove {
		moves = preferFirst(moves, prefer)
	}
	best, bestN := rules.NullMove, -1
	for _, m := range moves {
		d, escaped := s.distanceAfter(m, n)
		if err := s.err(); err != nil {
			return rules.NullMove, 0, err
		}
		if escaped {
			return rules.NullMove, 0, fmt.Errorf("engine: %s escapes a win in %d", rules.FormatCoord(p, m), n)
		}
		if d > bestN {
			best, bestN = m, d
			if d == n {
				break // nothing holds longer
			}
		}
	}
	return best, bestN, nil
}

// preferFirst moves want to the front of moves if it is there.
func preferFirst(moves []rules.Move, want rules.Move) []rules.Move {
	for i, m := range moves {
		if m == want {
			copy(moves[1:i+1], moves[:i])
			moves[0] = want
			break
		}
	}
	return moves
}
