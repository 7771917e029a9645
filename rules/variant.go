package rules

import (
	"fmt"
	"strings"
)

// RepetitionRule says how a threefold repetition ends a game.
type RepetitionRule uint8

// Repetition rules.
const (
	// RepetitionPerpetualCheck: on the third occurrence, a side that gave check with
	// every move of the repetition loses; otherwise the game is drawn (xiangqi.md §8).
	RepetitionPerpetualCheck RepetitionRule = iota
	// RepetitionDraw: the third occurrence is a draw (chess-like games).
	RepetitionDraw
	// RepetitionNone: repetition never ends the game.
	RepetitionNone
)

// Variant is a game: its board, piece kinds, start position and rules, as data plus
// a few optional hooks. A Variant is built once, finalized, and then only read, so
// one value serves every game of that variant concurrently.
type Variant struct {
	Slug    string // stored id, never renamed: "xiangqi"
	Name    string // English name
	NameZh  string // Chinese name (traditional)
	Summary string // one paragraph for /rules

	Board    *Board
	Kinds    []Kind
	StartFEN string

	// StalemateLoses: a side with no legal move loses even when not in check
	// (xiangqi 困斃). Otherwise it is a draw (chess).
	StalemateLoses bool
	// MoveLimit is the number of plies without capture after which the game is
	// drawn (120 in xiangqi); 0 = none.
	MoveLimit  int
	Repetition RepetitionRule
	// XiangqiNotation: the board and pieces allow WXF and Chinese notation.
	XiangqiNotation bool
	// OwnerSeesFaceDown: a player knows their own face-down pieces (fuhe); when false
	// nobody knows a face-down piece until it is turned (jieqi, banqi).
	OwnerSeesFaceDown bool
	// Stacks: squares may hold a second, pressed piece (Jinchan's 凌馬).
	Stacks bool
	// Vars is the number of variant state variables a position carries (revealed
	// flags, pending double moves, ...); they are part of the position key.
	Vars int

	// Hooks, all optional.

	// SpecialMoves appends the variant's moves that are not piece movements (flips,
	// reveals, drops, passes). Each must carry the Special flag; they are checked for
	// legality like every move.
	SpecialMoves func(p *Position, out []Move) []Move
	// ApplySpecial plays a Special move through p.Set/p.SetUnder/p.SetVar (so it can
	// be undone) and reports whether the turn passes to the opponent. A special
	// move that keeps the turn (a reveal that costs no move) hands no position to
	// the opponent, so it is not tested for leaving a royal piece attacked; only
	// MoveLegal judges it, and the move that ends the turn must answer any check.
	ApplySpecial func(p *Position, m Move) (endsTurn bool)
	// KeepTurn, when set, reports whether the ordinary move m, just made on p (the
	// mover is still p.ToMove()), leaves the turn with the mover: the first half of
	// a double move (Jinchan's 遁馬). It must not change p. Unlike a special move,
	// such a half is tested like any move: it may not leave a royal piece attacked.
	KeepTurn func(p *Position, m Move) bool
	// MayMove reports whether the piece on sq may move at all (freezes); nil = yes.
	MayMove func(p *Position, sq Square) bool
	// AfterMove runs after every move, before legality is tested, to apply effects
	// that follow from the new position (freezes, promotions, state changes).
	AfterMove func(p *Position, m Move)
	// MoveLegal adds a variant's own legality test; it runs after the royal test.
	MoveLegal func(p *Position, m Move) bool
	// GameEnd decides variant goals (capture a tiger, reach a row) after a move; it
	// runs before the standard end-of-game rules.
	GameEnd func(p *Position) (Outcome, bool)
	// FormatSpecial writes a Special move in coordinate notation ("reveal", "a2a2").
	FormatSpecial func(p *Position, m Move) string
	// SpecialAliases lists other texts a player may type for a Special move besides
	// its FormatSpecial text ("flip a2" for "a2a2", "現身" for "reveal"). Texts are
	// compared after coordinate normalization (lowercase; spaces, '-', 'x' and ':'
	// dropped), so an alias must not contain an x.
	SpecialAliases func(p *Position, m Move) []string
	// Refusal gives the variant's own reason why a move cannot be played now ("you
	// have already revealed your generals"), or "" to leave it to the generic
	// reasons. text is the normalized move text; m is the move it names, or
	// NullMove when it names none (a special keyword that is not available now).
	// It is asked only about moves that are not legal, and its words reach the
	// chat: they may not depend on a secret.
	Refusal func(p *Position, text string, m Move) string
	// StateFEN writes FEN fields 3 and 4 for the variant's vars; ParseStateFEN reads
	// them. nil = "- -".
	StateFEN      func(p *Position) (string, string)
	ParseStateFEN func(p *Position, f3, f4 string) error
	// ValidateFEN checks a loaded position beyond the generic checks.
	ValidateFEN func(p *Position) error
	// AutoMove returns a move the rules make for the side to move without asking
	// it (Jinchan's forced reveal: an unrevealed side with no other legal move), or
	// ok=false. Game plays it right after the move that led there (and at the
	// start) as part of that move: it is not in Moves, Undo takes it back with the
	// move, and Replay makes it again. It must return a legal move.
	AutoMove func(p *Position) (m Move, ok bool)
	// Announce lists the public facts that m, about to be played on p, makes known
	// (a reveal, a flip). It sees the secrets; the facts may hold only what is
	// public once m is made.
	Announce func(p *Position, m Move) []Fact
	// Setup lists the secrets the players choose before the first move (see
	// SetupRule); nil for a variant without setup secrets. Its StartFEN is then the
	// public start, and ApplySecrets makes the true one.
	Setup []SetupRule

	// Built by Finalize.
	byLetter    [128]int8
	tables      []pieceTable // (kind*2+side)*n + sq
	rev         []revTable   // side*n + target: leaps of that side that reach target
	rayDirs     []rayDir     // distinct directions of capturing rays, per side
	sideRayDirs [2][]int     // indexes into rayDirs by attacking side
	slowKinds   []int        // kinds whose attacks need the forward (slow) test
	royalKind   []bool
	hasRoyal    bool
	hasAura     bool
	zob         *zobrist
	final       bool
}

// Finalize checks the variant's data and builds its move tables. It must be called
// once, before the variant is used (the variants registry does it).
func (v *Variant) Finalize() error {
	if v.final {
		return nil
	}
	if v.Slug == "" {
		return fmt.Errorf("rules: variant without slug")
	}
	if v.Board == nil {
		return fmt.Errorf("rules: variant %s has no board", v.Slug)
	}
	if err := v.Board.Finalize(); err != nil {
		return fmt.Errorf("variant %s: %w", v.Slug, err)
	}
	if len(v.Kinds) == 0 || len(v.Kinds) > 62 {
		return fmt.Errorf("rules: variant %s has %d kinds, want 1..62", v.Slug, len(v.Kinds))
	}
	for i := range v.byLetter {
		v.byLetter[i] = -1
	}
	v.royalKind = make([]bool, len(v.Kinds))
	for i := range v.Kinds {
		k := &v.Kinds[i]
		if err := k.validate(); err != nil {
			return fmt.Errorf("variant %s: %w", v.Slug, err)
		}
		if v.byLetter[k.Letter] >= 0 {
			return fmt.Errorf("rules: variant %s: letter %c used twice", v.Slug, k.Letter)
		}
		v.byLetter[k.Letter] = int8(i)
		v.royalKind[i] = k.Royal
		v.hasRoyal = v.hasRoyal || k.Royal
		for _, a := range k.Atoms {
			for _, z := range []string{a.From, a.To} {
				if z != "" {
					if _, ok := v.Board.Zones[z]; !ok {
						return fmt.Errorf("rules: variant %s: kind %s uses unknown zone %q", v.Slug, k.Name, z)
					}
				}
			}
		}
	}
	for i := range v.Kinds {
		if pa := v.Kinds[i].PublicAs; pa != 0 && v.byLetter[pa] < 0 {
			return fmt.Errorf("rules: variant %s: kind %s looks like unknown letter %c", v.Slug, v.Kinds[i].Name, pa)
		}
	}
	v.zob = newZobrist(v.Board.NumSquares())
	v.buildTables()
	v.final = true
	if v.StartFEN != "" {
		if _, err := NewPosition(v, v.StartFEN); err != nil {
			v.final = false
			return fmt.Errorf("variant %s: start position: %w", v.Slug, err)
		}
	}
	return nil
}

// KindByLetter returns the kind index of an uppercase or lowercase letter, or -1.
func (v *Variant) KindByLetter(c byte) int {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c >= 128 {
		return -1
	}
	return int(v.byLetter[c])
}

// Letter is the FEN letter of a piece: uppercase for Red, lowercase for Black.
func (v *Variant) Letter(p Piece) byte {
	c := v.Kinds[p.Kind()].Letter
	if p.Side() == Black {
		c += 'a' - 'A'
	}
	return c
}

// Glyph is the traditional Chinese character of a piece.
func (v *Variant) Glyph(p Piece) string { return v.Kinds[p.Kind()].Glyph[p.Side()] }

// DisplayName is "Name (NameZh)".
func (v *Variant) DisplayName() string {
	if v.NameZh == "" {
		return v.Name
	}
	return v.Name + " (" + v.NameZh + ")"
}

// Clone returns a copy of an unfinalized or finalized variant that can be changed
// and finalized again (for options that derive a variant from a parent). Kinds and
// zones are copied; the board geometry is shared until changed through the copy.
func (v *Variant) Clone(slug string) *Variant {
	c := *v
	c.Slug = slug
	c.Kinds = append([]Kind(nil), v.Kinds...)
	b := *v.Board
	b.Zones = make(map[string]Zone, len(v.Board.Zones))
	for k, z := range v.Board.Zones {
		b.Zones[k] = z
	}
	c.Board = &b
	c.final = false
	c.tables, c.rev, c.rayDirs, c.slowKinds, c.sideRayDirs = nil, nil, nil, nil, [2][]int{}
	return &c
}

func (v *Variant) String() string { return v.Slug }

// describeKinds lists the kinds for error messages.
func (v *Variant) describeKinds() string {
	var names []string
	for _, k := range v.Kinds {
		names = append(names, string(k.Letter)+"="+k.Name)
	}
	return strings.Join(names, " ")
}
