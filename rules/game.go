package rules

import (
	"errors"
	"fmt"
)

// Reason is why a game ended.
type Reason string

// End-of-game reasons. Their text is stored: never rename them.
const (
	ReasonCheckmate    Reason = "checkmate"
	ReasonStalemate    Reason = "stalemate"
	ReasonPerpetual    Reason = "perpetual check"
	ReasonRepetition   Reason = "repetition"
	ReasonMoveLimit    Reason = "move limit"
	ReasonMaterial     Reason = "insufficient material"
	ReasonResignation  Reason = "resignation"
	ReasonAgreement    Reason = "agreement"
	ReasonTimeout      Reason = "timeout"
	ReasonAborted      Reason = "aborted"
	ReasonVariantGoal  Reason = "goal"
	ReasonNoRoyalPiece Reason = "general captured"
	// ReasonNoPieces: a side has no piece left (banqi's 被吃光).
	ReasonNoPieces Reason = "no pieces left"
)

// Outcome is the result of a game: over or not, and if over, who won and why.
type Outcome struct {
	Over   bool
	Draw   bool
	Winner Side // meaningful when Over and not Draw
	Reason Reason
	Detail string // a variant's words for a goal ("tiger captured")
	// DetailTexts is Detail in every language, when the variant has it.
	DetailTexts Texts
}

// Result is the PGN result string: "1-0", "0-1", "1/2-1/2" or "*".
func (o Outcome) Result() string {
	switch {
	case !o.Over:
		return "*"
	case o.Draw:
		return "1/2-1/2"
	case o.Winner == Red:
		return "1-0"
	}
	return "0-1"
}

// Win is a decisive outcome.
func Win(s Side, r Reason) Outcome { return Outcome{Over: true, Winner: s, Reason: r} }

// Drawn is a drawn outcome.
func Drawn(r Reason) Outcome { return Outcome{Over: true, Draw: true, Reason: r} }

// Errors of the rules core.
var (
	// ErrGameOver is returned when a move is played in a finished game.
	ErrGameOver = errors.New("rules: the game is over")
	// ErrNoMoveToUndo is returned by Undo at the start of a game.
	ErrNoMoveToUndo = errors.New("rules: no move to take back")
)

// Game is a position with its history: the moves played since the start, the keys
// for repetition and the outcome. It is what the bot keeps for each game.
type Game struct {
	pos   *Position
	start string // FEN of the start, secrets included
	moves []Move // the players' moves
	// plies are all moves made on pos, with the automatic ones (Variant.AutoMove);
	// the slices below are indexed by ply.
	plies  []Move
	auto   []bool
	movers []Side
	keys   []uint64 // keys[i] = position key after i plies
	check  []bool   // check[i] = the side to move after ply i is in check
	// reports[i] is what move i (0 = the start, with its automatic moves) made known.
	reports []Report
	over    Outcome
	// replaying: a record is replayed (PGNGame.ReplayDetail), which follows its
	// own arbiter: the arbiter (arbiter.go) judges, but refuses no move.
	replaying bool
	memo      *rulingMemo // the arbiter's last ruling (arbiter.go)
}

// maxAutoMoves bounds the automatic moves after one move, against a hook that
// never stops.
const maxAutoMoves = 8

// NewGame starts a game of variant v from fen ("" = the variant's start). Automatic
// moves the start position calls for (a forced reveal) are made at once.
func NewGame(v *Variant, fen string) (*Game, error) {
	if fen == "" {
		fen = v.StartFEN
	}
	p, err := NewPosition(v, fen)
	if err != nil {
		return nil, err
	}
	g := &Game{pos: p, start: p.FEN()}
	g.keys = []uint64{p.Hash()}
	g.check = []bool{p.InCheck()}
	g.over = g.evaluate()
	r := Report{Facts: g.autoMoves()}
	for s := Red; s <= Black; s++ {
		r.Private[s] = p.HasSecrets(s)
	}
	g.reports = []Report{r}
	return g, nil
}

// Position is a copy of the current position, the caller's to read, parse moves
// on, search or change: the game's own position changes only through Play and
// Undo, so nothing a caller does to it can put the game out of step. Take a new
// copy after Play.
func (g *Game) Position() *Position { return g.pos.Clone() }

// Variant is the game's variant.
func (g *Game) Variant() *Variant { return g.pos.v }

// StartFEN is the true start position (secrets included).
func (g *Game) StartFEN() string { return g.start }

// Moves is the list of moves the players played (not the automatic ones).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Ply is the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// Report is what the last move (with the automatic moves after it) made known:
// facts to announce publicly and who needs a fresh private board. Before any move
// it is the report of the start.
func (g *Game) Report() Report { return g.reports[len(g.reports)-1] }

// ReportOf is the report of move i (1-based; 0 = the start).
func (g *Game) ReportOf(i int) Report { return g.reports[i] }

// Outcome is the game's state: over or not, and how it ended.
func (g *Game) Outcome() Outcome { return g.over }

// End ends the game by a decision outside the board (resignation, agreement,
// timeout, abort).
func (g *Game) End(o Outcome) { g.over = o; g.over.Over = true }

// Legal reports whether m is a legal move now.
func (g *Game) Legal(m Move) bool {
	for _, lm := range g.pos.LegalMoves(nil) {
		if lm == m {
			return true
		}
	}
	return false
}

// Play plays m if it is legal, then the automatic moves that follow, and updates
// the outcome and the report.
func (g *Game) Play(m Move) error {
	if g.over.Over {
		return ErrGameOver
	}
	if !g.Legal(m) {
		return g.pos.Explain(m)
	}
	// Arbiter (arbiter.go): a move that completes a forbidden repetition is refused.
	if err := g.refuseRepetition(m); err != nil {
		return err
	}
	var before [2]string
	for s := Red; s <= Black; s++ {
		before[s] = g.pos.privateKey(s)
	}
	r := Report{Facts: g.announce(m, false), Told: g.tell(m)}
	g.makePly(m, false)
	g.moves = append(g.moves, m)
	g.over = g.evaluate()
	r.Facts = append(r.Facts, g.autoMoves()...)
	r.Notice = g.repetitionNotice() // arbiter (arbiter.go): warnings and verdicts
	for s := Red; s <= Black; s++ {
		after := g.pos.privateKey(s)
		r.Private[s] = after != "" && after != before[s]
	}
	g.reports = append(g.reports, r)
	return nil
}

// autoMoves makes the variant's automatic moves while the game goes on, and
// returns their facts.
func (g *Game) autoMoves() []Fact {
	var facts []Fact
	for i := 0; i < maxAutoMoves && !g.over.Over; i++ {
		m, ok := g.pos.AutoMove()
		if !ok {
			break
		}
		facts = append(facts, g.announce(m, true)...)
		g.makePly(m, true)
		g.over = g.evaluate()
	}
	return facts
}

func (g *Game) announce(m Move, forced bool) []Fact {
	var facts []Fact
	for _, a := range g.pos.v.mods.announcers {
		facts = append(facts, a.Announce(g.pos, m)...)
	}
	for i := range facts {
		facts[i].Forced = forced
	}
	return facts
}

// tell collects what the Tellers tell each side privately about m.
func (g *Game) tell(m Move) [2][]Fact {
	var told [2][]Fact
	for _, t := range g.pos.v.mods.tellers {
		facts := t.Tell(g.pos, m)
		for s := Red; s <= Black; s++ {
			told[s] = append(told[s], facts[s]...)
		}
	}
	return told
}

func (g *Game) makePly(m Move, auto bool) {
	mover := g.pos.side
	g.pos.Make(m)
	g.plies = append(g.plies, m)
	g.auto = append(g.auto, auto)
	g.movers = append(g.movers, mover)
	g.keys = append(g.keys, g.pos.Hash())
	g.check = append(g.check, g.pos.InCheck())
}

// Undo takes back the last move (a takeback), with the automatic moves that
// followed it, and reopens a game that the move ended.
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return ErrNoMoveToUndo
	}
	for {
		n := len(g.plies) - 1
		g.pos.Unmake()
		auto := g.auto[n]
		g.plies, g.auto, g.movers = g.plies[:n], g.auto[:n], g.movers[:n]
		g.keys, g.check = g.keys[:n+1], g.check[:n+1]
		if !auto {
			break
		}
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.reports = g.reports[:len(g.reports)-1]
	g.over = g.evaluate()
	return nil
}

// evaluate applies the end-of-game rules after a move (xiangqi.md §8): the
// modules' goals, no legal move, repetition, the move limit, then material.
func (g *Game) evaluate() Outcome {
	p := g.pos
	if o, ok := p.decided(); ok {
		return o
	}
	if o, ok := g.repetition(); ok {
		return o
	}
	if o, ok := p.drawn(); ok {
		return o
	}
	return Outcome{}
}

// Outcome is how the game stands in this position by the rules that need no
// history: the modules' goals, a lost royal piece, no legal move (checkmate or
// stalemate), the move limit and insufficient material. Repetition needs the
// game's history: Game.Outcome has it; a search keeps its own key stack.
func (p *Position) Outcome() (Outcome, bool) {
	if o, ok := p.decided(); ok {
		return o, true
	}
	return p.drawn()
}

// Goal is the end of the game by the modules' goals (a flag taken, a row
// reached) or a lost royal piece, if any: the cheap part of Outcome, for searches
// that find "no legal move" themselves.
func (p *Position) Goal() (Outcome, bool) {
	v := p.v
	for _, gc := range v.mods.goals {
		if o, ok := gc.GameEnd(p); ok {
			o.Over = true
			return o, true
		}
	}
	if v.hasRoyal && p.nRoyal[p.side] == 0 {
		return Win(p.side.Other(), ReasonNoRoyalPiece), true
	}
	return Outcome{}, false
}

// decided: goals, a lost royal piece, no legal move.
func (p *Position) decided() (Outcome, bool) {
	v := p.v
	if o, ok := p.Goal(); ok {
		return o, true
	}
	if !p.HasLegalMove() {
		if p.InCheck() {
			return Win(p.side.Other(), ReasonCheckmate), true
		}
		if v.StalemateLost(p.side) {
			return Win(p.side.Other(), ReasonStalemate), true
		}
		return Drawn(ReasonStalemate), true
	}
	return Outcome{}, false
}

// drawn: the move limit and insufficient material.
func (p *Position) drawn() (Outcome, bool) {
	if p.v.MoveLimit > 0 && p.halfmove >= p.v.MoveLimit {
		return Drawn(ReasonMoveLimit), true
	}
	if p.insufficientMaterial() {
		return Drawn(ReasonMaterial), true
	}
	return Outcome{}, false
}

// AutoMove is the move the rules make now for the side to move without asking
// it (a forced reveal), if any module calls for one.
func (p *Position) AutoMove() (Move, bool) {
	for _, a := range p.v.mods.auto {
		if m, ok := a.AutoMove(p); ok {
			return m, true
		}
	}
	return NullMove, false
}

// repetition implements xiangqi.md §8 "Repetition": on the third occurrence of a
// position, a side that checked with every move of the span loses.
func (g *Game) repetition() (Outcome, bool) {
	rule := g.pos.v.Repetition
	if rule == RepetitionNone {
		return Outcome{}, false
	}
	if usesAsianRules(g.pos.v) {
		return g.asianRepetition() // arbiter (arbiter.go): long check and long chase
	}
	n := len(g.keys) - 1
	last := g.keys[n]
	// Only positions since the last capture can repeat.
	lo := n - g.pos.halfmove
	if lo < 0 {
		lo = 0
	}
	var occ []int
	for i := n - 1; i >= lo; i-- {
		if g.keys[i] == last {
			occ = append(occ, i)
		}
	}
	if len(occ) < 2 {
		return Outcome{}, false
	}
	if rule == RepetitionDraw {
		return Drawn(ReasonRepetition), true
	}
	o1 := occ[1] // the first of the two earlier occurrences
	// Ply i (1-based) was made by movers[i-1]; it gave check when check[i] is true.
	// A ply that kept the turn (a reveal, the first half of a double move) is part
	// of its turn, not a move of its own: the ply that ends the turn decides.
	perpetual := [2]bool{true, true}
	for i := n; i > o1; i-- {
		mover := g.movers[i-1]
		if (i < n && g.movers[i] == mover) || (i == n && g.pos.side == mover) {
			continue // the turn went on
		}
		if !g.check[i] {
			perpetual[mover] = false
		}
	}
	switch {
	case perpetual[Red] && !perpetual[Black]:
		return Win(Black, ReasonPerpetual), true
	case perpetual[Black] && !perpetual[Red]:
		return Win(Red, ReasonPerpetual), true
	}
	return Drawn(ReasonRepetition), true
}

// insufficientMaterial: neither side has a face-up piece of a mating kind, and no
// face-down piece is on the board (its kind is secret; fuhe.md §6).
func (p *Position) insufficientMaterial() bool {
	mating := false
	for _, k := range p.v.Kinds {
		mating = mating || k.Mating
	}
	if !mating {
		return false // the variant does not use the rule
	}
	for sq, pc := range p.board {
		for _, x := range []Piece{pc, p.Under(Square(sq))} {
			if x == NoPiece {
				continue
			}
			if x.FaceDown() || p.v.Kinds[x.Kind()].Mating {
				return false
			}
		}
	}
	return true
}

// Replay plays a list of coordinate moves from the start, as stored games are
// loaded. It stops at the first move that does not parse or is illegal.
func Replay(v *Variant, fen string, moves []string) (*Game, error) {
	g, err := NewGame(v, fen)
	if err != nil {
		return nil, err
	}
	// Arbiter (arbiter.go): stored moves were accepted when played (a game stored
	// before the chase rules may end on a move they now refuse); replay them all.
	g.replaying = true
	defer func() { g.replaying = false }()
	for i, text := range moves {
		m, err := ParseCoord(g.pos, text)
		if err != nil {
			return g, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
		if err := g.Play(m); err != nil {
			return g, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
	}
	return g, nil
}
