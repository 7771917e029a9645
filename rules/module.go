package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Rule modules. A variant is a board, its piece kinds and an ordered list of
// modules. A module is a Go value that implements Module and any of the optional
// interfaces below that it needs; Finalize sorts the modules into one list per
// interface, and the core calls every module of a list in order and combines
// their answers (any refusal refuses, effects apply in order, the first goal that
// fires ends the game). No module wraps another: options such as fuhe, house rules
// and stratagem pieces are modules that Derive adds to a parent variant.
//
// A module's state lives in the Position, never in the module: the module value is
// shared by every game of the variant. State is claimed at Finalize through the
// Claims a module's Init receives: variables (hashed, undone by Unmake), ranges of
// special-move codes, and FEN fields (positional field 3 or 4, or key=value fields
// after the sixth). Two modules cannot claim the same name.

// Module is one composable rule of a variant.
type Module interface {
	// ModuleName is the module's stable name ("fuhe", "kill-horse"): it names
	// the module in errors and conflicts, and owns the state it claims.
	ModuleName() string
}

// Initializer is a module that claims state or checks the variant it is part of.
// Init runs once, in Finalize, after the variant's kinds and board are final.
type Initializer interface {
	Init(c *Claims) error
}

// Conflicter is a module that cannot be combined with some other modules
// (royal-advisor with dragon-advisor). Derive and Finalize refuse the pair with
// the module's reason.
type Conflicter interface {
	// ConflictsWith returns the names of the modules this one excludes and a
	// sentence saying why, for the player who asked for both.
	ConflictsWith() (names []string, why string)
}

// MoveAdder adds moves that are not piece movements of the kinds' atoms: flips,
// reveals, drops, passes, moves of enemy pieces. Each added move must carry a
// code the module claimed (FlagSpecial with Aux in its range) or be a drop
// (FlagDrop); the core tests them for legality like every move.
type MoveAdder interface {
	AddMoves(p *Position, out []Move) []Move
}

// RideAlong is a module whose action rides along an ordinary board move in the
// same turn (flag's `F+e9e8`: the flag steps, then the board move is made).
// AddAlong runs after every MoveAdder and appends, for the board moves of out
// the action may join, copies with FlagAlong and a code the module claimed in
// Aux; the core tests them like the board move. PlayAlong plays the module's
// part (through p.SetVar and the like) after the board move, before the turn
// passes. MoveWriter writes such moves.
type RideAlong interface {
	AddAlong(p *Position, out []Move) []Move
	PlayAlong(p *Position, m Move)
}

// ViewMarker puts public marks that are no pieces of the position on a view's
// extra points (the flags on the flag ring): ViewPiece values with Token set,
// which views draw and their FEN leaves out (the module's own FEN field says it).
type ViewMarker interface {
	MarkView(p *Position, v *View)
}

// MovePlayer plays the special moves whose codes the module claimed, through
// p.Set, p.SetUnder, p.SetVar and p.SetHand so that Unmake undoes them.
type MovePlayer interface {
	PlayMove(p *Position, m Move) Turn
}

// Turn says what a special move does to the turn and the capture clock.
type Turn uint8

// Turn flags of a special move.
const (
	// EndsTurn hands the move to the opponent. A special move without it (a
	// reveal that costs no move) hands no position to the opponent, so it is not
	// tested for leaving a royal piece attacked; only the LegalityTesters judge
	// it, and the move that ends the turn must answer any check.
	EndsTurn Turn = 1 << iota
	// CountsPly advances the capture clock (the 60-move rule). A move that
	// "costs no move" leaves it alone.
	CountsPly
	// ResetsClock sets the capture clock to zero (a move that captures).
	ResetsClock
)

// PieceHolder forbids pieces to move at all (freezes, the second half of a
// double move made with another piece). A held piece still attacks.
type PieceHolder interface {
	MayMove(p *Position, sq Square) bool
}

// TurnKeeper reports whether an ordinary move m, just made on p (the mover is
// still p.ToMove()), leaves the turn with the mover: the first half of a double
// move. It must not change p. Unlike a special move, such a half is tested like
// any move: it may not leave a royal piece attacked.
type TurnKeeper interface {
	KeepsTurn(p *Position, m Move) bool
}

// AfterMover applies effects that follow a move (freezes, captures of other
// pieces, promotions, state changes). It runs after every move, before legality
// is tested; a capture it makes should call p.ResetCaptureClock.
type AfterMover interface {
	AfterMove(p *Position, m Move)
}

// LegalityTester adds a test every move must pass after it is made (the mover's
// general facing an enemy general through a stack).
type LegalityTester interface {
	Legal(p *Position, m Move) bool
}

// QuietTester is a LegalityTester that can tell, before any move, that its test
// passes for every ordinary move of the position (Jinchan's facing through stacks
// when no stack stands anywhere). Moves that stack or exchange are tested anyway.
type QuietTester interface {
	Quiet(p *Position) bool
}

// Attacker adds attacks the kinds' atoms cannot express: "side by attacks sq".
// It is asked by every check test, so it must be fast.
type Attacker interface {
	Attacks(p *Position, sq Square, by Side) bool
}

// AttackFilter refuses attacks the pieces' movement would make: the piece on
// from gives no check to (attacks nothing on) to, although its atoms reach it
// (a crossed piece barred from moving forward gives no forward check). The
// core asks it for the attacks of the kinds' atoms; a module's own Attacks are
// its own business. A variant with one never decides legality without making
// the move (legalGuard).
type AttackFilter interface {
	MayAttack(p *Position, from, to Square) bool
}

// CaptureFilter refuses captures the atoms would allow (capture by rank in
// banqi and animal chess, pieces that cannot be taken).
type CaptureFilter interface {
	MayCapture(p *Position, from, to Square) bool
}

// GoalChecker decides the module's own ends of the game (capture a flag, reach a
// row), after a move and before the standard rules.
type GoalChecker interface {
	GameEnd(p *Position) (Outcome, bool)
}

// Validator checks a position loaded from a FEN beyond the generic checks.
type Validator interface {
	Validate(p *Position) error
}

// AutoMover returns a move the rules make for the side to move without asking
// (a forced reveal), or ok=false. Game plays it right after the move that led
// there (and at the start) as part of that move: it is not in Moves, Undo takes
// it back with the move, and Replay makes it again. It must be legal.
type AutoMover interface {
	AutoMove(p *Position) (m Move, ok bool)
}

// Announcer lists the public facts that m, about to be played on p, makes known
// (a reveal, a flip). It sees the secrets; the facts hold only what is public
// once m is made.
type Announcer interface {
	Announce(p *Position, m Move) []Fact
}

// MoveWriter writes the special moves of the module's codes and the other texts
// a player may type for them. Texts are compared after coordinate normalization
// (lowercase, spaces, '-' and ':' dropped).
type MoveWriter interface {
	// FormatMove writes m in coordinate notation ("reveal", "a2a2"); ok=false for
	// a move that is not the module's.
	FormatMove(p *Position, m Move) (text string, ok bool)
	// MoveAliases lists other texts for m ("flip a2", "翻a2").
	MoveAliases(p *Position, m Move) []string
}

// Refuser gives the module's own reason why a move cannot be played now ("you
// have already revealed your generals"), or "" to leave it to the others. text is
// the normalized move text; m is the move it names, or NullMove when it names
// none. It is asked only about moves that are not legal, and its words reach the
// chat: they may not depend on a secret.
type Refuser interface {
	Refusal(p *Position, text string, m Move) string
}

// CheckTeller is a module that says when a side is in check where the core's
// royal kinds do not (changhe's generals are royal only when one is left): the
// arbiter's perpetual check, the engine and the captions then see the check.
type CheckTeller interface {
	SideInCheck(p *Position, s Side) bool
}

// TextRefuser is a Refuser that says its reasons in every language (texts kept
// as data, variants/locales): the error's Reason is the English text and its
// Texts every language, so a Chinese chat reads the module's own words. A
// module implements either this or Refuser.
type TextRefuser interface {
	RefusalTexts(p *Position, text string, m Move) Texts
}

// refuser is a module's refusal in every language it has (legacy Refusers:
// English only).
type refuser func(p *Position, text string, m Move) Texts

// Guide is a module that explains itself for /rules: a few sentences with an
// example move.
type Guide interface {
	Guide() string
}

// Extender is a module that changes the variant it is added to when Derive
// builds the child (adds kinds or zones, switches on stacks or face-down pieces
// its owner sees). It runs before Finalize.
type Extender interface {
	Extend(v *Variant) error
}

// AttackNeutral is a module that declares its effects (AfterMove, KeepsTurn,
// Legal, MayCapture) never make a royal piece attacked that a plain move would
// leave safe, and that its Legal test can only fail for a move that touches a
// square on a line or leg of a royal piece. Then the core may decide most moves'
// legality without making them (see legalGuard); a module that is not neutral
// switches that off for its variant.
type AttackNeutral interface {
	AttackNeutral()
}

// Uncoloured is a module of a game whose colours are given during play (banqi:
// the colour of the first piece flipped is the first player's). While
// Uncoloured(p), nobody has a colour yet: FEN field 2 is `-`, and the side to
// move is Red, played by the first seat; the module gives the colours with
// Position.SetSeats.
type Uncoloured interface {
	Uncoloured(p *Position) bool
	// ReadUncoloured sets the module's state from a FEN being read: field 2
	// was `-` (true) or a colour; its error says what is inconsistent.
	ReadUncoloured(p *Position, uncoloured bool) error
}

// VarID names one state variable a module claimed.
type VarID int

// Claims hands out state to modules during Finalize.
type Claims struct {
	v      *Variant
	module string
	owner  Module
}

// Variant is the variant being finalized (its board and kinds are final).
func (c *Claims) Variant() *Variant { return c.v }

// Var claims a state variable: an int32 in every position, hashed, and undone
// by Unmake. Names are scoped by module.
func (c *Claims) Var(name string) (VarID, error) {
	full := c.module + "." + name
	for _, n := range c.v.varNames {
		if n == full {
			return 0, fmt.Errorf("rules: variant %s: variable %s claimed twice", c.v.Slug, full)
		}
	}
	c.v.varNames = append(c.v.varNames, full)
	return VarID(len(c.v.varNames) - 1), nil
}

// Codes claims n consecutive special-move codes (Move.Aux with FlagSpecial) and
// returns the first. The core sends a special move to the module that owns its
// code; codes are not stored (stored games are coordinate texts).
func (c *Claims) Codes(n int) (uint8, error) {
	base := c.v.nextCode
	if n <= 0 || int(base)+n > 256 {
		return 0, fmt.Errorf("rules: variant %s: module %s wants %d move codes, %d left", c.v.Slug, c.module, n, 256-int(base))
	}
	for i := 0; i < n; i++ {
		c.v.codeOwner[int(base)+i] = c.owner
	}
	c.v.nextCode += n
	return uint8(base), nil
}

// Field is a FEN field a module owns.
type Field struct {
	// Key names a key=value field written after the sixth ("flags"); or, with
	// Pos 3 or 4, the positional field is the module's (written without key).
	Key string
	Pos int
	// Write returns the field's text, "" for its default (then a keyed field is
	// left out and a positional one written "-").
	Write func(p *Position) string
	// Read sets the module's state from the field's text ("" when absent or "-").
	Read func(p *Position, text string) error
	// View, when set, is the field's text in the FEN of a view for audience a
	// (PublicFEN, Position.ViewFEN): what that audience may know of the state
	// (jieqi's pools differ per player). Without it views write Write's text,
	// which must then hold no secret.
	View func(p *Position, a Audience) string
}

// Field claims a FEN field.
func (c *Claims) Field(f Field) error {
	if f.Write == nil || f.Read == nil {
		return fmt.Errorf("rules: variant %s: module %s: field %q without Write or Read", c.v.Slug, c.module, f.Key)
	}
	switch f.Pos {
	case 0:
		if f.Key == "" || f.Key == offBoardKey || f.Key == seatsKey || strings.ContainsAny(f.Key, "= /") {
			return fmt.Errorf("rules: variant %s: module %s: bad field key %q", c.v.Slug, c.module, f.Key)
		}
	case 3, 4:
	default:
		return fmt.Errorf("rules: variant %s: module %s: field position %d, want 3, 4 or a key", c.v.Slug, c.module, f.Pos)
	}
	for _, g := range c.v.fields {
		if (f.Pos != 0 && g.Pos == f.Pos) || (f.Key != "" && g.Key == f.Key) {
			return fmt.Errorf("rules: variant %s: FEN field %s claimed by %s and %s", c.v.Slug, fieldName(f), g.owner, c.module)
		}
	}
	c.v.fields = append(c.v.fields, ownedField{Field: f, owner: c.module})
	return nil
}

type ownedField struct {
	Field
	owner string
}

func fieldName(f Field) string {
	if f.Pos != 0 {
		return fmt.Sprintf("%d", f.Pos)
	}
	return f.Key
}

// modules holds the modules of a finalized variant sorted by interface.
type modules struct {
	adders     []MoveAdder
	holders    []PieceHolder
	keepers    []TurnKeeper
	after      []AfterMover
	legal      []LegalityTester
	attackers  []Attacker
	captures   []CaptureFilter
	attackBans []AttackFilter
	goals      []GoalChecker
	validators []Validator
	auto       []AutoMover
	announcers []Announcer
	writers    []MoveWriter
	refusers   []refuser
	checks     []CheckTeller
	setup      []SetupRule
	dealers    []Dealer
	tellers    []Teller
	resample   []Resampler
	along      []RideAlong
	markers    []ViewMarker
	uncoloured []Uncoloured
}

// sortModules builds the per-interface lists and runs every module's Init.
func (v *Variant) sortModules() error {
	v.mods = modules{}
	v.varNames, v.fields, v.nextCode = nil, nil, 1 // code 0 is no special move
	v.codeOwner = [256]Module{}
	seen := map[string]bool{}
	for _, m := range v.Modules {
		name := m.ModuleName()
		if seen[name] {
			return fmt.Errorf("rules: variant %s: module %s added twice", v.Slug, name)
		}
		seen[name] = true
	}
	for _, m := range v.Modules {
		if c, ok := m.(Conflicter); ok {
			names, why := c.ConflictsWith()
			for _, n := range names {
				if seen[n] {
					return &ConflictError{A: m.ModuleName(), B: n, Why: why}
				}
			}
		}
	}
	for _, m := range v.Modules {
		if in, ok := m.(Initializer); ok {
			if err := in.Init(&Claims{v: v, module: m.ModuleName(), owner: m}); err != nil {
				return fmt.Errorf("variant %s: module %s: %w", v.Slug, m.ModuleName(), err)
			}
		}
		mods := &v.mods
		if x, ok := m.(MoveAdder); ok {
			mods.adders = append(mods.adders, x)
		}
		if x, ok := m.(PieceHolder); ok {
			mods.holders = append(mods.holders, x)
		}
		if x, ok := m.(TurnKeeper); ok {
			mods.keepers = append(mods.keepers, x)
		}
		if x, ok := m.(AfterMover); ok {
			mods.after = append(mods.after, x)
		}
		if x, ok := m.(LegalityTester); ok {
			mods.legal = append(mods.legal, x)
		}
		if x, ok := m.(Attacker); ok {
			mods.attackers = append(mods.attackers, x)
		}
		if x, ok := m.(CaptureFilter); ok {
			mods.captures = append(mods.captures, x)
		}
		if x, ok := m.(AttackFilter); ok {
			mods.attackBans = append(mods.attackBans, x)
		}
		if x, ok := m.(GoalChecker); ok {
			mods.goals = append(mods.goals, x)
		}
		if x, ok := m.(Validator); ok {
			mods.validators = append(mods.validators, x)
		}
		if x, ok := m.(AutoMover); ok {
			mods.auto = append(mods.auto, x)
		}
		if x, ok := m.(Announcer); ok {
			mods.announcers = append(mods.announcers, x)
		}
		if x, ok := m.(MoveWriter); ok {
			mods.writers = append(mods.writers, x)
		}
		if x, ok := m.(CheckTeller); ok {
			mods.checks = append(mods.checks, x)
		}
		if x, ok := m.(TextRefuser); ok {
			mods.refusers = append(mods.refusers, x.RefusalTexts)
		} else if x, ok := m.(Refuser); ok {
			mods.refusers = append(mods.refusers, func(p *Position, text string, mv Move) Texts {
				return Texts{En: x.Refusal(p, text, mv)}
			})
		}
		if x, ok := m.(SetupRule); ok {
			mods.setup = append(mods.setup, x)
		}
		if x, ok := m.(Dealer); ok {
			mods.dealers = append(mods.dealers, x)
		}
		if x, ok := m.(Teller); ok {
			mods.tellers = append(mods.tellers, x)
		}
		if x, ok := m.(Resampler); ok {
			mods.resample = append(mods.resample, x)
		}
		if x, ok := m.(RideAlong); ok {
			mods.along = append(mods.along, x)
		}
		if x, ok := m.(ViewMarker); ok {
			mods.markers = append(mods.markers, x)
		}
		if x, ok := m.(Uncoloured); ok {
			mods.uncoloured = append(mods.uncoloured, x)
		}
	}
	sort.SliceStable(v.fields, func(i, j int) bool { return v.fields[i].Key < v.fields[j].Key })
	return nil
}

// ConflictError says two modules of a variant cannot be combined.
type ConflictError struct {
	A, B string
	Why  string
}

func (e *ConflictError) Error() string {
	if e.Why != "" {
		return e.Why
	}
	return fmt.Sprintf("%s cannot be combined with %s", e.A, e.B)
}

// HasAutoMoves reports whether a module of the variant makes automatic moves
// (Position.AutoMove).
func (v *Variant) HasAutoMoves() bool { return len(v.mods.auto) > 0 }

// HasGoals reports whether the variant ends games by more than mate and
// stalemate: modules' goals or royal pieces that can be captured (Position.Goal).
func (v *Variant) HasGoals() bool { return len(v.mods.goals) > 0 }

// HasModule reports whether the variant has a module of that name.
func (v *Variant) HasModule(name string) bool { return v.Module(name) != nil }

// Module returns the variant's module of that name, or nil.
func (v *Variant) Module(name string) Module {
	for _, m := range v.Modules {
		if m.ModuleName() == name {
			return m
		}
	}
	return nil
}

// Guides lists the /rules texts of the variant's modules that have one.
func (v *Variant) Guides() []string {
	var out []string
	for _, m := range v.Modules {
		if g, ok := m.(Guide); ok {
			if t := g.Guide(); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// Delta is what a derived variant changes of its parent.
type Delta struct {
	Slug, Name, NameZh, Summary string
	// NameZhHans is NameZh in simplified script; a delta that sets NameZh
	// without it leaves the child's simplified name empty.
	NameZhHans string
	// Guide replaces the parent's /rules text when set.
	Guide Texts
	// Kinds are added after the parent's (new letters).
	Kinds []Kind
	// Place puts pieces on the start position: letter (uppercase Red, lowercase
	// Black) to square names. The squares must be empty in the parent's start.
	Place map[byte][]string
	// Modules are added after the parent's, in order.
	Modules []Module
	// Board, when set, changes the child's copy of the board (zones, decor).
	Board func(b *Board) error
}

// Derive builds a finalized child variant from a parent and a delta: the parent's
// board, kinds and modules plus the delta's, the start position with the added
// pieces, then each new module's Extend, then Finalize (which validates the
// start with every module). The parent is not changed.
func Derive(parent *Variant, d Delta) (*Variant, error) {
	if d.Slug == "" {
		return nil, fmt.Errorf("rules: derived variant without slug")
	}
	v := parent.Clone(d.Slug)
	if d.Name != "" {
		v.Name = d.Name
	}
	if d.NameZh != "" {
		v.NameZh, v.NameZhHans = d.NameZh, d.NameZhHans
	}
	if d.Summary != "" {
		v.Summary = d.Summary
	}
	if !d.Guide.IsZero() {
		v.Guide = d.Guide
	}
	v.Kinds = append(v.Kinds, d.Kinds...)
	v.Modules = append(v.Modules, d.Modules...) // the clone's copies of the parent's, then the delta's
	if d.Board != nil {
		if err := d.Board(v.Board); err != nil {
			return nil, fmt.Errorf("rules: derive %s: board: %w", d.Slug, err)
		}
	}
	for _, m := range d.Modules {
		if x, ok := m.(Extender); ok {
			if err := x.Extend(v); err != nil {
				return nil, err
			}
		}
	}
	if len(d.Place) > 0 {
		start, err := placePieces(v, parent.StartFEN, d.Place)
		if err != nil {
			return nil, fmt.Errorf("rules: derive %s: %w", d.Slug, err)
		}
		v.StartFEN = start
	}
	if err := v.Finalize(); err != nil {
		return nil, err
	}
	return v, nil
}

// placePieces writes the parent's start FEN with pieces added, by editing the
// board field as a grid of letters (the child's kinds are not final yet).
func placePieces(v *Variant, fen string, place map[byte][]string) (string, error) {
	b := v.Board
	board, rest, _ := strings.Cut(fen, " ")
	grid, err := expandBoard(b, board)
	if err != nil {
		return "", err
	}
	letters := make([]byte, 0, len(place))
	for l := range place {
		letters = append(letters, l)
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i] < letters[j] })
	for _, l := range letters {
		for _, name := range place[l] {
			sq, ok := b.Parse(name)
			if !ok {
				return "", fmt.Errorf("no point %q on the board", name)
			}
			f, r, _ := b.Coords(sq)
			if grid[r][f] != "" {
				return "", fmt.Errorf("%s is not empty in the start position", name)
			}
			grid[r][f] = string(l)
		}
	}
	return compressBoard(b, grid) + " " + rest, nil
}

// expandBoard splits a FEN board field into grid[rank][file] tokens ("" empty).
func expandBoard(b *Board, board string) ([][]string, error) {
	ranks := strings.Split(board, "/")
	if len(ranks) != b.Height {
		return nil, fmt.Errorf("start position has %d ranks, want %d", len(ranks), b.Height)
	}
	grid := make([][]string, b.Height)
	for i, row := range ranks {
		r := b.Height - 1 - i
		grid[r] = make([]string, 0, b.Width)
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				n := 0
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					n = n*10 + int(row[k]-'0')
					k++
				}
				for ; n > 0; n-- {
					grid[r] = append(grid[r], "")
				}
				j = k
			case c == '(':
				end := strings.IndexByte(row[j:], ')')
				if end < 0 {
					return nil, fmt.Errorf("unclosed stack in %q", row)
				}
				grid[r] = append(grid[r], row[j:j+end+1])
				j += end + 1
			case c == '*':
				if j+1 >= len(row) {
					return nil, fmt.Errorf("'*' without a piece in %q", row)
				}
				grid[r] = append(grid[r], row[j:j+2])
				j += 2
			default:
				grid[r] = append(grid[r], row[j:j+1])
				j++
			}
		}
		if len(grid[r]) != b.Width {
			return nil, fmt.Errorf("rank %d has %d points, want %d", r, len(grid[r]), b.Width)
		}
	}
	return grid, nil
}

func compressBoard(b *Board, grid [][]string) string {
	var sb strings.Builder
	for r := b.Height - 1; r >= 0; r-- {
		empty := 0
		for _, t := range grid[r] {
			if t == "" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&sb, "%d", empty)
				empty = 0
			}
			sb.WriteString(t)
		}
		if empty > 0 {
			fmt.Fprintf(&sb, "%d", empty)
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}
