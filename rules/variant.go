package rules

import (
	"fmt"
	"reflect"
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

// Texts is one text in each language the bot speaks: English, traditional and
// simplified Chinese. A variant or option brings its own chat texts this way.
type Texts struct{ En, Hant, Hans string }

// TextError is an error a module says in every language (a setup answer it
// cannot take); Error is the English text.
type TextError struct{ Texts Texts }

func (e *TextError) Error() string { return e.Texts.En }

// IsZero reports whether no language has a text.
func (t Texts) IsZero() bool { return t.En == "" && t.Hant == "" && t.Hans == "" }

// Or returns the text for a language code ("en", "zh-Hant", "zh-Hans"); a
// missing translation falls back to English.
func (t Texts) Or(lang string) string {
	switch lang {
	case "zh-Hant":
		if t.Hant != "" {
			return t.Hant
		}
	case "zh-Hans":
		if t.Hans != "" {
			return t.Hans
		}
	}
	return t.En
}

// Variant is a game: its board, piece kinds, start position and rules, as data plus
// a few optional hooks. A Variant is built once, finalized, and then only read, so
// one value serves every game of that variant concurrently.
type Variant struct {
	Slug   string // stored id, never renamed: "xiangqi"
	Name   string // English name
	NameZh string // Chinese name (traditional)
	// NameZhHans is the Chinese name in simplified script, for zh-Hans chats;
	// empty when not known (ChineseName falls back to NameZh).
	NameZhHans string
	Summary    string // one paragraph for /rules
	// Guide is the variant's /rules text in every language the bot speaks: a few
	// lines with example moves. It lives with the variant so the chat service
	// needs no code per variant; without it /rules shows Summary.
	Guide Texts

	Board    *Board
	Kinds    []Kind
	StartFEN string

	// StalemateLoses: a side with no legal move loses even when not in check
	// (xiangqi 困斃). Otherwise it is a draw (chess).
	StalemateLoses bool
	// StalemateLosesSide is StalemateLoses for one side only: in ouya the shogi
	// army loses without a legal move, as in shogi, while the chess army draws.
	StalemateLosesSide [2]bool
	// MoveLimit is the number of plies without capture after which the game is
	// drawn (120 in xiangqi); 0 = none.
	MoveLimit  int
	Repetition RepetitionRule
	// XiangqiNotation: the board and pieces allow WXF and Chinese notation.
	XiangqiNotation bool
	// Notation, when set, is the variant's own notation besides coordinates
	// (SAN for the chess family): ParseMove reads it, FormatMove writes it.
	Notation Notation
	// OwnerSeesFaceDown: a player knows their own face-down pieces (fuhe); when false
	// nobody knows a face-down piece until it is turned (jieqi, banqi).
	OwnerSeesFaceDown bool
	// Stacks: squares may hold a second, pressed piece (Jinchan's 凌馬).
	Stacks bool
	// FaceDownAs, when set, makes face-down pieces move and attack as the kind
	// that starts on their point (jieqi: square name to kind letter); without it,
	// a face-down piece neither moves nor attacks. A module turns them up.
	FaceDownAs map[string]byte
	// PassWhenStuck: a side with no legal move passes (PassMove) instead of
	// losing or drawing by stalemate.
	PassWhenStuck bool
	// Turned is a piece flag (FlagCustom and up) a module sets on a piece it
	// hands to the opponent of its owner: the piece's Side is the player who
	// moves it now, and views show it as its owner's (changhe's kingless
	// colour under enemy control).
	Turned Piece
	// NoCheckFlags are piece flags (FlagFrozen, FlagPinned) whose pieces give no
	// check and attack nothing while they are set (stratagems 12, 20, 25);
	// otherwise a frozen or pinned piece still gives check.
	NoCheckFlags Piece
	// FilteredAttacks: a piece attacks only what the CaptureFilters let it
	// capture, so check follows them too (luzhan: a piece with a capture limit
	// gives no check to a general with enough supporters). Otherwise filters
	// limit moves only.
	FilteredAttacks bool
	// HiddenColours: a face-down piece hides its colour as well as its kind
	// (banqi, where a flip decides whose a piece is): views show it colourless
	// (ViewPiece.NoColour) and the public FEN writes it `X`.
	HiddenColours bool
	// RedAndBlack: the sides are called Red and Black even on a board of cells
	// (banqi plays xiangqi pieces on a half board); otherwise cells mean White.
	RedAndBlack bool
	// Hands: each side keeps a hand of pieces (captured or in reserve) that drops
	// (FlagDrop moves) put on the board; FEN writes it as [RNn] after the board.
	Hands bool
	// ExtraPieces is how many pieces per side a position may hold beyond the
	// kinds' Max counts (fuhe's reserves); royal kinds never get extras.
	ExtraPieces int

	// Modules are the variant's rule modules, in order (see Module).
	Modules []Module

	// Built by Finalize.
	byLetter       [2][128]int8 // per side: kind index of an uppercase letter (Kind.Sides)
	lazy           *lazyTables  // the move tables, built on the first position (tablesOf)
	royalKind      []bool
	hasRoyal       bool
	final          bool
	mods           modules
	varNames       []string
	fields         []ownedField
	codeOwner      [256]Module
	nextCode       int
	stand          [][2]SquareSet // per kind: where a face-up piece may stand (nil = anywhere)
	faceDownAs     []int8         // per square: the kind a face-down piece there moves as, -1 none (nil: none anywhere)
	resetKinds     uint64         // bit k: a move of kind k resets the capture clock (Kind.ResetsClock)
	ownerKnowsMore bool           // an owner may see more than the public: OwnerSeesFaceDown or a kind with PublicAs
	silent         Piece          // piece bits that make a piece attack nothing: face down, NoCheckFlags
	quickOK        bool           // no module takes part in ordinary moves: the fast path applies
	guardOK        bool           // the modules are AttackNeutral: legalGuard may decide moves
	promo          []promoRule    // per kind: its promotion (promote.go), nil when no kind promotes
	bodies         []bodyRule     // per kind: its body (body.go), nil when no kind has one
}

// Finalize checks the variant's data and its start position; the move tables
// are built by the variant's first position (tablesOf). It must be called once,
// before the variant is used (the variants registry does it).
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
	for s := range v.byLetter {
		for i := range v.byLetter[s] {
			v.byLetter[s][i] = -1
		}
	}
	v.royalKind = make([]bool, len(v.Kinds))
	for i := range v.Kinds {
		k := &v.Kinds[i]
		if err := k.validate(); err != nil {
			return fmt.Errorf("variant %s: %w", v.Slug, err)
		}
		for s := Red; s <= Black; s++ {
			if !k.Sides.Allows(s) {
				continue
			}
			if v.byLetter[s][k.Letter] >= 0 {
				return fmt.Errorf("rules: variant %s: letter %c used twice", v.Slug, k.Letter)
			}
			v.byLetter[s][k.Letter] = int8(i)
		}
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
		if pa := v.Kinds[i].PublicAs; pa != 0 && v.KindByLetter(pa) < 0 {
			return fmt.Errorf("rules: variant %s: kind %s looks like unknown letter %c", v.Slug, v.Kinds[i].Name, pa)
		}
		if fa := v.Kinds[i].FENAs; fa != 0 && (fa < 'A' || fa > 'Z' || v.KindByLetter(fa) < 0) {
			return fmt.Errorf("rules: variant %s: kind %s is written as unknown letter %c", v.Slug, v.Kinds[i].Name, fa)
		}
	}
	if err := v.sortModules(); err != nil {
		return err
	}
	v.stand = make([][2]SquareSet, len(v.Kinds))
	for i, k := range v.Kinds {
		if k.StandZone == "" {
			continue
		}
		z, ok := v.Board.Zones[k.StandZone]
		if !ok {
			return fmt.Errorf("rules: variant %s: kind %s stands on unknown zone %q", v.Slug, k.Name, k.StandZone)
		}
		v.stand[i] = z
	}
	if v.Hands || v.hasPooler() {
		v.Board.Decor.HandRows = true
	}
	v.ownerKnowsMore = v.OwnerSeesFaceDown
	v.resetKinds = 0
	for i, k := range v.Kinds {
		v.ownerKnowsMore = v.ownerKnowsMore || k.PublicAs != 0
		if k.ResetsClock {
			v.resetKinds |= 1 << uint(i)
		}
	}
	v.silent = pieceFaceDown | v.NoCheckFlags
	v.faceDownAs = nil
	if len(v.FaceDownAs) > 0 {
		v.silent = v.NoCheckFlags // face-down pieces attack as their point's kind
		v.faceDownAs = make([]int8, v.Board.NumSquares())
		for i := range v.faceDownAs {
			v.faceDownAs[i] = -1
		}
		for name, letter := range v.FaceDownAs {
			sq, ok := v.Board.Parse(name)
			k := v.KindByLetter(letter)
			if !ok || k < 0 {
				return fmt.Errorf("rules: variant %s: FaceDownAs %s=%c: no such point or kind", v.Slug, name, letter)
			}
			v.faceDownAs[sq] = int8(k)
		}
	}
	if err := v.buildPromotions(); err != nil {
		return err
	}
	if err := v.buildBodies(); err != nil {
		return err
	}
	v.lazy = &lazyTables{}
	m := &v.mods
	v.quickOK = len(m.adders)+len(m.holders)+len(m.keepers)+len(m.after)+len(m.legal)+len(m.attackers)+len(m.captures)+len(m.attackBans) == 0 &&
		!v.Stacks && !v.Hands
	v.quickOK = v.quickOK && v.bodies == nil
	v.guardOK = len(m.attackers) == 0 && len(m.attackBans) == 0 && v.bodies == nil && !(v.FilteredAttacks && len(m.captures) > 0)
	for _, mod := range v.Modules {
		_, neutral := mod.(AttackNeutral)
		_, after := mod.(AfterMover)
		_, keeps := mod.(TurnKeeper)
		_, legal := mod.(LegalityTester)
		_, capt := mod.(CaptureFilter)
		if (after || keeps || legal || capt) && !neutral {
			v.guardOK = false
		}
	}
	v.final = true
	if v.StartFEN != "" {
		_, err := NewPosition(v, v.StartFEN)
		// Checking the start built the tables. Most variants of a registry
		// are never played: let the first game build them again (the check
		// is the start-up's work, the tables a played variant's memory).
		v.lazy = &lazyTables{}
		if err != nil {
			v.final = false
			return fmt.Errorf("variant %s: start position: %w", v.Slug, err)
		}
	}
	return nil
}

func (v *Variant) hasPooler() bool {
	for _, m := range v.Modules {
		if _, ok := m.(Pooler); ok {
			return true
		}
	}
	return false
}

// StalemateLost reports whether side s loses when it has no legal move and is
// not in check (StalemateLoses, StalemateLosesSide); otherwise that is a draw.
func (v *Variant) StalemateLost(s Side) bool { return v.StalemateLoses || v.StalemateLosesSide[s] }

// WhiteAndBlack reports whether the sides are called White and Black (a chess
// board of cells) rather than Red and Black.
func (v *Variant) WhiteAndBlack() bool { return v.Board.Cells && !v.RedAndBlack }

// ColoursInPlay reports whether the colours are given during the game (banqi's
// first flip): then a player's seat, not a colour, is what the game is set up
// with, and the first player may turn out to play Black (Position.Seat).
func (v *Variant) ColoursInPlay() bool { return len(v.mods.uncoloured) > 0 }

// KindByLetter returns the kind index of an uppercase or lowercase letter, or -1.
// Where two kinds share a letter, one a side (Kind.Sides), the case picks the
// side; a letter only one side's kind has names that kind in either case.
func (v *Variant) KindByLetter(c byte) int {
	s := Red
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
		s = Black
	}
	if c >= 128 {
		return -1
	}
	if k := v.byLetter[s][c]; k >= 0 {
		return int(k)
	}
	return int(v.byLetter[s.Other()][c])
}

// KindFor returns the kind index side s has under letter c (either case), or
// -1 when s has no such kind (Kind.Sides).
func (v *Variant) KindFor(c byte, s Side) int {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c >= 128 {
		return -1
	}
	return int(v.byLetter[s][c])
}

// MayStand reports whether a face-up piece of kind k and side s may stand on sq
// in a valid position (Kind.StandZone): where drops may go, among other things.
func (v *Variant) MayStand(k int, s Side, sq Square) bool {
	return v.Board.Exists(sq) && (v.stand[k][s] == (SquareSet{}) || v.stand[k][s].Has(sq))
}

// Letter is the FEN letter of a piece: uppercase for Red, lowercase for Black.
func (v *Variant) Letter(p Piece) byte {
	c := v.Kinds[p.Kind()].Letter
	if a := v.Kinds[p.Kind()].FENAs; a != 0 {
		c = a
	}
	if p.Side() == Black {
		c += 'a' - 'A'
	}
	return c
}

// Glyph is the traditional Chinese character of a piece.
func (v *Variant) Glyph(p Piece) string { return v.Kinds[p.Kind()].Glyph[p.Side()] }

// ChineseName is the Chinese name in simplified script when simplified and
// known, else the traditional one; "" for a variant without a Chinese name.
func (v *Variant) ChineseName(simplified bool) string {
	if simplified && v.NameZhHans != "" {
		return v.NameZhHans
	}
	return v.NameZh
}

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
	c.Modules = make([]Module, len(v.Modules))
	for i, m := range v.Modules {
		c.Modules[i] = copyModule(m)
	}
	if v.FaceDownAs != nil {
		c.FaceDownAs = make(map[string]byte, len(v.FaceDownAs))
		for k, l := range v.FaceDownAs {
			c.FaceDownAs[k] = l
		}
	}
	c.final = false
	c.mods, c.varNames, c.fields, c.codeOwner, c.nextCode, c.stand = modules{}, nil, nil, [256]Module{}, 0, nil
	c.lazy = nil
	return &c
}

func (v *Variant) String() string { return v.Slug }

// describeKinds lists the kinds for error messages.
func (v *Variant) describeKinds() string {
	var names []string
	for _, k := range v.Kinds {
		l := k.Letter
		if k.Sides == BlackOnly {
			l += 'a' - 'A'
		}
		names = append(names, string(l)+"="+k.Name)
	}
	return strings.Join(names, " ")
}

// copyModule is a module of its own for a cloned variant. A module's Init
// writes what it claimed (variable and code numbers) into the module, so a
// child variant sharing its parent's instances would rewrite the parent's
// modules while the parent is in use — a data race when games are derived
// concurrently, and wrong numbers should a child ever claim differently. A
// module that keeps more than plain fields says how it copies itself
// (ModuleCopier); any other pointer module is copied field by field.
func copyModule(m Module) Module {
	if c, ok := m.(ModuleCopier); ok {
		return c.CopyModule()
	}
	rv := reflect.ValueOf(m)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return m // a value is copied by assignment already
	}
	cp := reflect.New(rv.Elem().Type())
	cp.Elem().Set(rv.Elem())
	return cp.Interface().(Module)
}

// ModuleCopier is a module that copies itself for a cloned variant (one that
// holds maps or slices Init changes in place).
type ModuleCopier interface {
	CopyModule() Module
}
