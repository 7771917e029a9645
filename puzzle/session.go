package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

// State is a solving session as it is saved between messages: which puzzle, the
// moves of the current try and the counts. It holds no position: the session is
// rebuilt by replaying Moves on the puzzle, so it is small and storage-agnostic.
type State struct {
	Puzzle string   `json:"puzzle"`
	Moves  []string `json:"moves,omitempty"` // current try, both sides, coordinates
	Wrong  int      `json:"wrong,omitempty"` // wrong answers so far
	Hint   int      `json:"hint,omitempty"`  // hint level given for the next move: 0, 1 piece, 2 move
	Hints  int      `json:"hints,omitempty"` // hints given in all
	Solved bool     `json:"solved,omitempty"`
}

// Options tune a Session. The zero value is usable.
type Options struct {
	// Solver confirms answers off the main line and picks the defence; nil means a
	// new one with MaxNodes.
	Solver *engine.Solver
	// MaxNodes is the budget of one confirmation when Solver is nil; 0 means
	// DefaultMaxNodes.
	MaxNodes int64
	// Style is the notation of the *Text fields of results; "" means Chinese.
	Style rules.Style
}

// DefaultMaxNodes is the solver budget for judging one answer or finding one
// reply: about a second or two at most on a slow shared core.
const DefaultMaxNodes = 150_000

// Session is one player's (or one chat's) attempt at a puzzle: a small state
// machine that takes answers, plays the opponent's replies and gives hints. It
// does not store itself, post anything or read the clock; the bot does that
// with State. Not safe for concurrent use.
type Session struct {
	pz     *Puzzle
	game   *rules.Game
	st     State
	solver *engine.Solver
	style  rules.Style
}

// NewSession starts (or, with a saved State, resumes) a session on puzzle pz in
// variant v (xiangqi). A State of another puzzle, or whose moves do not replay,
// is refused with ErrBadState.
func NewSession(v *rules.Variant, pz *Puzzle, st State, opt Options) (*Session, error) {
	if st.Puzzle == "" {
		st.Puzzle = pz.ID
	}
	if st.Puzzle != pz.ID {
		return nil, fmt.Errorf("%w: state of %s, puzzle %s", ErrBadState, st.Puzzle, pz.ID)
	}
	g, err := rules.Replay(v, pz.FEN, st.Moves)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadState, err)
	}
	st.Moves = slices.Clone(st.Moves)
	s := &Session{pz: pz, game: g, st: st, solver: opt.Solver, style: opt.Style}
	if s.solver == nil {
		n := opt.MaxNodes
		if n == 0 {
			n = DefaultMaxNodes
		}
		s.solver = engine.New(engine.Options{MaxNodes: n, TableBits: 14})
	}
	if s.style == "" {
		s.style = rules.StyleChinese
	}
	return s, nil
}

// State is the session's state, to save.
func (s *Session) State() State {
	st := s.st
	st.Moves = slices.Clone(st.Moves)
	return st
}

// Puzzle is the puzzle being solved.
func (s *Session) Puzzle() *Puzzle { return s.pz }

// Position is the current position (a copy), to draw.
func (s *Session) Position() *rules.Position { return s.game.Position() }

// Left is the number of moves the solver still has to find within the puzzle's
// goal (Length for a new try).
func (s *Session) Left() int { return s.pz.Length() - len(s.st.Moves)/2 }

// step is the number of the solver's moves played in this try.
func (s *Session) step() int { return len(s.st.Moves) / 2 }

// depthAfter is the material search depth left after the solver's move of
// this step: what remains of the puzzle's Depth plies.
func (s *Session) depthAfter() int { return max(0, s.pz.Depth-2*s.step()-1) }

// onLine reports whether the current try follows the main line so far.
func (s *Session) onLine() bool {
	return len(s.st.Moves) < len(s.pz.Line) && slices.Equal(s.st.Moves, s.pz.Line[:len(s.st.Moves)])
}

// Verdict is what became of an answer.
type Verdict int

// Verdicts.
const (
	// Correct: the move keeps the win; the opponent replied or the puzzle is solved.
	Correct Verdict = iota + 1
	// Wrong: the move lets the win slip; the try ends and starts again.
	Wrong
	// Unconfirmed: off the main line and the solver could not decide within its
	// budget; nothing was played and nothing counted.
	Unconfirmed
)

// Result is the outcome of one answer.
type Result struct {
	Verdict Verdict
	// Solved: the answer won; the puzzle is done.
	Solved bool
	// Alternative: correct, but not the main line's move.
	Alternative bool
	Move        string // the answer, in coordinates
	MoveText    string // the answer in the session's notation
	// Reply is the opponent's answer when the puzzle goes on.
	Reply     string
	ReplyText string
	// Left is the number of moves still to find after Reply.
	Left int
	// Refutation is, for a wrong answer, the defence that beats it.
	Refutation     string
	RefutationText string
	// Goal is the task that was missed ("mate in 2") for a wrong answer.
	Goal string
}

// Text is the result in plain English, ready for a chat.
func (r Result) Text() string {
	switch r.Verdict {
	case Correct:
		switch {
		case r.Solved && r.Alternative:
			return fmt.Sprintf("%s wins too. Solved!", r.MoveText)
		case r.Solved:
			return fmt.Sprintf("%s! Solved.", r.MoveText)
		}
		word := "Correct"
		if r.Alternative {
			word = "That works too"
		}
		return fmt.Sprintf("%s: %s. The opponent answers %s. Your move (%d to go).", word, r.MoveText, r.ReplyText, r.Left)
	case Wrong:
		if r.Refutation != "" {
			return fmt.Sprintf("%s is not it: the opponent answers %s and there is no %s any more. Try again from the start.",
				r.MoveText, r.RefutationText, r.Goal)
		}
		return fmt.Sprintf("%s is not it: it does not force %s. Try again from the start.", r.MoveText, r.Goal)
	case Unconfirmed:
		return fmt.Sprintf("I could not check %s in time. Try the move you think is strongest.", r.MoveText)
	}
	return ""
}

func goalText(n int) string {
	if n <= 1 {
		return "mate in 1"
	}
	return fmt.Sprintf("mate in %d", n)
}

// Answer takes the solver's move in any notation the variant reads (h2e2, C2.5,
// 炮二平五). A move that cannot be read or is illegal returns the rules error
// (a *rules.ParseError or *rules.IllegalMoveError) and changes nothing. A legal
// move is judged: a first move by the puzzle's complete list of Solutions, a
// later one by the main line, or else by the solver, which must prove that the
// win still holds within the moves left.
func (s *Session) Answer(ctx context.Context, text string) (Result, error) {
	if s.st.Solved {
		return Result{}, ErrFinished
	}
	pos := s.game.Position()
	m, err := rules.ParseMove(pos, text)
	if err != nil {
		return Result{}, fmt.Errorf("puzzle: %w", err)
	}
	left := s.Left()
	coord := rules.FormatCoord(pos, m)
	res := Result{Move: coord, MoveText: s.format(pos, m)}
	onLine := s.onLine()
	main := onLine && s.pz.Line[len(s.st.Moves)] == coord
	known := len(s.st.Moves) == 0 && slices.Contains(s.pz.Solutions, coord)
	if err := s.game.Play(m); err != nil {
		return Result{}, fmt.Errorf("puzzle: %w", err) // cannot happen: ParseMove said legal
	}
	if len(s.st.Moves) == 0 && !known {
		// The build tried every first move: the list is complete.
		return s.wrong(ctx, res, left), nil
	}
	if !main && !known {
		lost, err := s.keeps(ctx, left)
		if err != nil {
			_ = s.game.Undo()
			if errors.Is(err, engine.ErrBudget) {
				res.Verdict = Unconfirmed
				return res, nil
			}
			return Result{}, fmt.Errorf("puzzle %s: check answer: %w", s.pz.ID, err)
		}
		if !lost {
			return s.wrong(ctx, res, left), nil
		}
	}
	res.Alternative = !main
	res.Verdict = Correct
	s.st.Moves = append(s.st.Moves, coord)
	s.st.Hint = 0
	if s.pz.Goal == GoalMaterial && left == 1 {
		res.Solved = true
		s.st.Solved = true
		return res, nil
	}
	if o := s.game.Outcome(); o.Over {
		if !o.Draw && o.Winner == s.pz.ToMove() {
			res.Solved = true
			s.st.Solved = true
			return res, nil
		}
		// A draw by the repetition rules: the try failed after all.
		_ = s.game.Undo()
		s.st.Moves = s.st.Moves[:len(s.st.Moves)-1]
		return s.wrong(ctx, res, left), nil
	}
	reply, err := s.reply(ctx, left-1, main)
	if err != nil {
		return Result{}, err
	}
	after := s.game.Position()
	res.Reply, res.ReplyText = rules.FormatCoord(after, reply), s.format(after, reply)
	if err := s.game.Play(reply); err != nil {
		return Result{}, fmt.Errorf("puzzle %s: reply: %w", s.pz.ID, err)
	}
	s.st.Moves = append(s.st.Moves, res.Reply)
	res.Left = left - 1
	return res, nil
}

// keeps judges the solver's move just played off the known lines: does the win
// still hold with left-1 moves to follow?
func (s *Session) keeps(ctx context.Context, left int) (bool, error) {
	pos := s.game.Position()
	if s.pz.Goal != GoalMaterial {
		return s.solver.Lost(ctx, pos, left-1)
	}
	if lost, err := s.solver.Lost(ctx, pos, 0); err != nil || lost {
		return lost, err // a mate or stalemate wins any material
	}
	v, err := s.solver.Material(ctx, pos, s.depthAfter())
	if err != nil {
		return false, err
	}
	return -v >= s.pz.Target, nil
}

// reply picks the opponent's answer: the main line's while the try follows it,
// else the defence that holds out longest, else (out of budget) any legal move,
// which loses within the moves left just the same.
func (s *Session) reply(ctx context.Context, left int, main bool) (rules.Move, error) {
	pos := s.game.Position()
	if main && len(s.pz.Line) > len(s.st.Moves) {
		if m, err := rules.ParseCoord(pos, s.pz.Line[len(s.st.Moves)]); err == nil {
			return m, nil
		}
	}
	var m rules.Move
	var err error
	if s.pz.Goal == GoalMaterial {
		m, _, err = s.solver.BestMove(ctx, pos, max(1, s.depthAfter()))
	} else {
		m, _, err = s.solver.Defence(ctx, pos, left, rules.NullMove)
	}
	if err == nil {
		return m, nil
	}
	if !errors.Is(err, engine.ErrBudget) {
		return rules.NullMove, fmt.Errorf("puzzle %s: defence: %w", s.pz.ID, err)
	}
	legal := pos.LegalMoves(nil)
	if len(legal) == 0 {
		return rules.NullMove, fmt.Errorf("puzzle %s: no reply", s.pz.ID)
	}
	return legal[0], nil
}

// wrong ends the try after the wrong move just played (it is taken back).
func (s *Session) wrong(ctx context.Context, res Result, left int) Result {
	res.Verdict = Wrong
	res.Goal = goalText(left)
	pos := s.game.Position()
	switch {
	case s.pz.Goal == GoalMaterial:
		res.Goal = "win of material"
		if r, _, err := s.solver.BestMove(ctx, pos, max(1, s.depthAfter())); err == nil {
			res.Refutation, res.RefutationText = rules.FormatCoord(pos, r), s.format(pos, r)
		}
	case left > 1:
		if r, err := s.solver.Refute(ctx, pos, left-1); err == nil {
			res.Refutation, res.RefutationText = rules.FormatCoord(pos, r), s.format(pos, r)
		}
	}
	s.st.Wrong++
	s.st.Moves = nil
	s.st.Hint = 0
	g, err := rules.NewGame(s.game.Variant(), s.pz.FEN)
	if err == nil {
		s.game = g
	}
	return res
}

func (s *Session) format(p *rules.Position, m rules.Move) string {
	return rules.FormatMove(p, m, s.style)
}

// Hint is a clue for the next move.
type Hint struct {
	Level int    // 1: the piece to move; 2: the move
	From  string // the square of the piece, coordinates
	Piece string // the piece's name in English ("cannon")
	Move  string // the move in coordinates (level 2)
	Text  string // the move in the session's notation (level 2)
}

// String is the hint in plain English.
func (h Hint) String() string {
	if h.Level >= 2 {
		return fmt.Sprintf("Play %s (%s).", h.Text, h.Move)
	}
	return fmt.Sprintf("Move the %s on %s.", h.Piece, h.From)
}

// Hint gives the next clue for the move to find: first the piece, then the move.
// Each call goes one level further (and stays at the move).
func (s *Session) Hint(ctx context.Context) (Hint, error) {
	if s.st.Solved {
		return Hint{}, ErrFinished
	}
	pos := s.game.Position()
	var m rules.Move
	if s.onLine() {
		var err error
		if m, err = rules.ParseCoord(pos, s.pz.Line[len(s.st.Moves)]); err != nil {
			return Hint{}, fmt.Errorf("puzzle %s: line: %w", s.pz.ID, err)
		}
	} else if s.pz.Goal == GoalMaterial {
		best, _, err := s.solver.BestMove(ctx, pos, max(1, s.pz.Depth-2*s.step()))
		if err != nil {
			return Hint{}, fmt.Errorf("puzzle %s: hint: %w", s.pz.ID, err)
		}
		m = best
	} else {
		line, err := s.solver.Line(ctx, pos, s.Left(), nil)
		if err != nil || len(line) == 0 {
			return Hint{}, fmt.Errorf("puzzle %s: hint: %w", s.pz.ID, err)
		}
		m = line[0]
	}
	if s.st.Hint < 2 {
		s.st.Hint++
		s.st.Hints++
	}
	b := pos.Variant().Board
	pc := pos.At(m.From)
	h := Hint{Level: s.st.Hint, From: b.Name(m.From)}
	if pc != rules.NoPiece {
		h.Piece = pos.Variant().Kinds[pc.Kind()].Name
	}
	if h.Level >= 2 {
		h.Move, h.Text = rules.FormatCoord(pos, m), s.format(pos, m)
	}
	return h, nil
}

// Solution writes the main line with move numbers in the given notation:
// "1. 炮二平五 馬８進７ 2. 車一平二".
func (p *Puzzle) Solution(v *rules.Variant, style rules.Style) (string, error) {
	g, err := rules.NewGame(v, p.FEN)
	if err != nil {
		return "", fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	var sb strings.Builder
	for i, c := range p.Line {
		pos := g.Position()
		m, err := rules.ParseCoord(pos, c)
		if err != nil {
			return "", fmt.Errorf("puzzle %s: line move %d: %w", p.ID, i+1, err)
		}
		if i%2 == 0 {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(rules.FormatMove(pos, m, style))
		if err := g.Play(m); err != nil {
			return "", fmt.Errorf("puzzle %s: line move %d: %w", p.ID, i+1, err)
		}
	}
	return sb.String(), nil
}
