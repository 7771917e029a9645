package rules

import "fmt"

// Piece is what stands on a square: a kind, a side and per-piece state, packed in
// 32 bits so that a board is a flat slice and copying a position is cheap.
//
//	bits 0-5   kind index + 1 (0 = empty square)
//	bit  6     side (0 Red, 1 Black)
//	bit  7     face down (its kind is hidden from those not entitled to see it)
//	bits 8-15  piece flags (frozen, pinned, ...), meaning given by the variant
//	bits 16-23 a counter (freeze timers and the like)
type Piece uint32

// NoPiece is an empty square.
const NoPiece Piece = 0

const (
	pieceKindMask  = 0x3f
	pieceSideBit   = 1 << 6
	pieceFaceDown  = 1 << 7
	pieceFlagShift = 8
	pieceCtrShift  = 16
)

// Standard per-piece flags. Variants may use the others (FlagCustom and up).
const (
	FlagFrozen Piece = 1 << (pieceFlagShift + iota) // may not move (animal chess trunk, freezes)
	FlagPinned                                      // pinned by an effect (stratagem 牽)
	FlagUsed                                        // a once-only power has been used
	FlagCustom                                      // first flag free for a variant
)

// FlagCustomHigh is the first of eight more flags free for variants, above the
// piece's counter (bits 24-31): FlagCustom's five bits are not enough when two
// stratagem pieces that each keep a flag meet in one game.
const FlagCustomHigh Piece = 1 << (pieceCtrShift + 8)

// NewPiece makes a face-up piece of kind index k for side s.
func NewPiece(k int, s Side) Piece { return Piece(k+1) | Piece(s)<<6 }

// Empty reports whether the square holds nothing.
func (p Piece) Empty() bool { return p&pieceKindMask == 0 }

// Kind is the kind index into Variant.Kinds; -1 for an empty square.
func (p Piece) Kind() int { return int(p&pieceKindMask) - 1 }

// Side is the owner of the piece.
func (p Piece) Side() Side { return Side(p>>6) & 1 }

// FaceDown reports whether the piece lies face down.
func (p Piece) FaceDown() bool { return p&pieceFaceDown != 0 }

// WithFaceDown returns p turned face down (true) or face up (false).
func (p Piece) WithFaceDown(down bool) Piece {
	if down {
		return p | pieceFaceDown
	}
	return p &^ pieceFaceDown
}

// Has reports whether all the given flags are set.
func (p Piece) Has(flags Piece) bool { return p&flags == flags }

// With returns p with flags set (on) or cleared (off).
func (p Piece) With(flags Piece, on bool) Piece {
	if on {
		return p | flags
	}
	return p &^ flags
}

// Counter is the per-piece counter (timers).
func (p Piece) Counter() int { return int(p>>pieceCtrShift) & 0xff }

// WithCounter returns p with its counter set to n (0..255).
func (p Piece) WithCounter(n int) Piece {
	return p&^(0xff<<pieceCtrShift) | Piece(n&0xff)<<pieceCtrShift
}

// identity is the part of a piece that says what it is and whose it is.
func (p Piece) identity() Piece { return p & (pieceKindMask | pieceSideBit) }

// Mode says what a movement atom may do on its target.
type Mode uint8

// Movement modes.
const (
	MoveOrCapture Mode = iota // to an empty square, or capture an enemy there
	MoveOnly                  // only to an empty square (蟬 orthogonally, pawn forward in chess)
	CaptureOnly               // only onto an enemy piece (蟬 diagonally, cannon jumps)
	AttackOnly                // never a move: counts only for attacks (the facing generals)
	StackOnto                 // to an empty square, or onto a lone enemy piece to press it (凌馬)
	Exchange                  // only onto an enemy piece; both pieces leave the board (兌)
)

func (m Mode) moves() bool { return m == MoveOrCapture || m == MoveOnly || m == StackOnto }
func (m Mode) captures() bool {
	return m == MoveOrCapture || m == CaptureOnly || m == AttackOnly || m == Exchange
}

// AtomKind is the movement primitive an atom uses.
type AtomKind uint8

// Movement primitives.
const (
	// Leap: jump by (DF, DR) if every block point is empty. The horse is a leap with
	// one block (its leg); the elephant a leap with its eye; the king a leap of one.
	Leap AtomKind = iota
	// Ride: slide along (DF, DR) over empty squares, at most Range steps (0 = any).
	Ride
	// Hop: slide along (DF, DR); to capture, jump exactly Screens pieces (the
	// cannon: 1) over any number of empty squares. Moves without capture use Mode on a
	// separate Ride atom, so a Hop atom is normally CaptureOnly.
	Hop
	// GapHop: the cannon-chess cannon: captures an enemy if exactly Gaps of the squares
	// strictly between are empty (pieces of either side may fill the rest).
	GapHop
)

// Atom is one movement primitive of a piece kind, as seen by Red: DR > 0 is forward.
// Black's atoms are rotated by 180 degrees, so forward stays forward.
type Atom struct {
	Kind   AtomKind
	DF, DR int
	// Blocks are points that must be empty for a Leap, as deltas from the source.
	Blocks [][2]int
	// Range limits a Ride or a Hop to that many steps (0 = unlimited): a Hop of
	// range 2 with one screen captures only over an adjacent screen onto the
	// point right behind it (Jinchan's diagonal cannon jump).
	Range int
	// Min, for a Ride, is the nearest point it may stop on or capture on
	// (0 or 1 = the first): the points before it are only passed and must be
	// empty (luzhan's 排 and 連 go to the second or third point, never one).
	Min int
	// Screens is the number of pieces a Hop jumps (1 for the cannon).
	Screens int
	// Gaps is the number of empty squares a GapHop needs between source and target.
	Gaps int
	Mode Mode
	// From, when set, names a zone the piece must stand in for this atom to apply
	// (the soldier's sideways step after crossing the river: "crossed").
	From string
	// To, when set, names a zone every square the move passes and ends on must lie in
	// (palace, own half). For a Leap only the target is checked.
	To string
	// RoyalTarget limits captures to royal pieces (the facing generals).
	RoyalTarget bool
	// Support lists points (deltas from the source, on Red's orientation) that must
	// each hold one of the mover's own pieces, alone (not a stack), for the atom to
	// apply; for an atom with a To zone they must also lie in that zone. Jinchan's
	// string chariot (弦車) captures along a palace diagonal only while an own piece
	// stands next to it on that line. Only rides and hops take a support.
	Support [][2]int
}

// Kind is a kind of piece: its letters, names, glyphs and movement, as data.
type Kind struct {
	Letter byte   // FEN letter, uppercase (Red); Black's is the lowercase
	Name   string // English name, as in "horse"
	// Plural is the English plural of Name where adding "s" is wrong ("oxen").
	Plural string
	WXF    byte      // WXF letter, 0 when the kind has none
	Glyph  [2]string // traditional Chinese character for Red and Black: 帥, 將
	Simple [2]string // simplified characters: 帅, 将
	Royal  bool      // losing it (or leaving it attacked) loses the game
	Atoms  []Atom
	// PublicAs is the letter of the kind this one looks like to anyone but its
	// owner (the Jinchan decoy looks like a general); 0 = itself.
	PublicAs byte
	// Value is a rough material value for the AI and puzzles (soldier = 1).
	Value int
	// Freeze, when set, is an aura: enemy pieces on the neighbouring points it names
	// may not move (they still attack and block). The animal-chess elephant's trunk.
	Freeze *Aura
	// BlockWord names the blocking point in error messages: "leg", "eye".
	BlockWord string
	// Mating reports whether the kind can ever give check or win material on its
	// own, for the insufficient-material rule.
	Mating bool
	// Max is the most pieces of this kind a side may have in a valid position
	// (2 chariots; 0 = no limit). Variant.ExtraPieces widens it for non-royal kinds.
	Max int
	// ResetsClock: a move of this kind resets the capture clock, as a capture
	// does (the chess pawn and the fifty-move rule).
	ResetsClock bool
	// StandZone names a board zone a face-up piece of this kind must stand in
	// (the advisor's five points); "" = anywhere.
	StandZone string
	// Promote, when set, makes every move of this kind that ends in the zone a
	// promotion (the chess pawn on the last rank).
	Promote *Promotion
	// Figure, when set, asks images to draw the kind as a chess figure (K, Q, R,
	// B, N, P, or G for the cannon) instead of a disc with its glyph.
	Figure byte
	// Body, when set, makes the kind a multi-cell piece (body.go): it covers
	// several squares and moves by translating them.
	Body *Body
	// Sides limits the kind to one side (RedOnly, BlackOnly); the zero value
	// lets both sides have it. Two kinds may then share a letter, one a side:
	// ouya's chess army and shogi army each have a knight N and a pawn P that
	// move differently, and the letter's case in a FEN picks the kind.
	Sides KindSides
	// Tile, when set, asks images to draw the kind as a shogi-style pentagon
	// tile pointing at the opponent, with its glyph, instead of a disc.
	Tile bool
	// Promoted marks a kind that is another kind promoted (the shogi dragon):
	// images write its glyph in the promoted colour.
	Promoted bool
	// FENAs, when set, is the letter a FEN writes for this kind: a kind that is
	// a state of another one that the position implies (changhe's upgraded
	// chariot is written R and made again when the FEN is read, by the module
	// that owns the state). Reading the letter gives the other kind.
	FENAs byte
	// Marked asks images to mark the piece with a small badge: a kind that is a
	// state of another, drawn with the same glyph (yunduan's freed elephant).
	Marked bool
	// Army is which of a player's armies the kind belongs to: 0, or 1 for a
	// second army drawn in its own colours (changhe's magenta and blue-black
	// sets; render's Theme.Ink2).
	Army uint8
}

// KindSides says which sides may have pieces of a kind.
type KindSides uint8

// Kind sides.
const (
	BothSides KindSides = iota
	RedOnly
	BlackOnly
)

// Allows reports whether side s may have pieces of a kind with these sides.
func (k KindSides) Allows(s Side) bool {
	return k == BothSides || (k == RedOnly && s == Red) || (k == BlackOnly && s == Black)
}

// Promotion is what a kind becomes when a move ends in a zone: the move must
// turn it into one of the kinds To lists (by letter; the first is the one a
// move written without a letter chooses). The fields after To give the shogi
// style, where promotion is a choice.
type Promotion struct {
	Zone string
	To   []byte
	// Leaving: a move that starts in the zone may promote too (shogi), not
	// only one that ends there.
	Leaving bool
	// Optional: the piece may also stay what it is; the plain move is kept
	// beside the promotions, unless it ends in Must.
	Optional bool
	// Must names a zone where an Optional promotion is compulsory (the shogi
	// pawn on the last rank could never move again); "" = none.
	Must string
	// Mark, when set, is how coordinates write the promotion after the two
	// squares instead of the new kind's letter (shogi's `c4c3+`); To must then
	// hold one kind.
	Mark string
	// Explicit: a move written without the new kind's letter (or Mark) is no
	// promotion, so a compulsory one must be written in full (`h8h9=Q`).
	Explicit bool
}

// Aura is an effect a piece has on its neighbours, as deltas on Red's orientation.
type Aura struct {
	Dirs [][2]int
	// OnlyLone: the aura acts only when exactly one enemy piece stands on its
	// points (the trunk wraps a lone neighbour, not two).
	OnlyLone bool
}

// Helpers that build atoms, read like Betza atoms.

// Dirs4 are the orthogonal directions; Diag4 the diagonal ones.
var (
	Dirs4 = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	Diag4 = [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
)

// Rides returns riders along each direction with the given mode and range.
func Rides(dirs [][2]int, mode Mode, rng int) []Atom {
	out := make([]Atom, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, Atom{Kind: Ride, DF: d[0], DR: d[1], Mode: mode, Range: rng})
	}
	return out
}

// Hops returns hoppers (cannon captures) along each direction.
func Hops(dirs [][2]int, screens int) []Atom {
	out := make([]Atom, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, Atom{Kind: Hop, DF: d[0], DR: d[1], Screens: screens, Mode: CaptureOnly})
	}
	return out
}

// Steps returns one-step leaps in each direction.
func Steps(dirs [][2]int, mode Mode) []Atom {
	out := make([]Atom, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, Atom{Kind: Leap, DF: d[0], DR: d[1], Mode: mode})
	}
	return out
}

// LameLeaps returns the eight (a, b) leaps with their blocking points: each leap
// goes first up to `legs` orthogonal steps towards its long side, as the xiangqi
// horse (a=1, b=2, legs=1) or the Jinchan 目 (1, 3, legs=2). With diagonal=true
// the block points lie on the diagonal instead (the elephant: a=b=2).
func LameLeaps(a, b, legs int, mode Mode) []Atom {
	var out []Atom
	seen := map[[2]int]bool{}
	for _, sf := range []int{1, -1} {
		for _, sr := range []int{1, -1} {
			for _, d := range [][2]int{{a * sf, b * sr}, {b * sf, a * sr}} {
				if seen[d] {
					continue
				}
				seen[d] = true
				at := Atom{Kind: Leap, DF: d[0], DR: d[1], Mode: mode}
				for i := 1; i <= legs; i++ {
					if abs(d[0]) > abs(d[1]) {
						at.Blocks = append(at.Blocks, [2]int{i * sign(d[0]), 0})
					} else {
						at.Blocks = append(at.Blocks, [2]int{0, i * sign(d[1])})
					}
				}
				out = append(out, at)
			}
		}
	}
	return out
}

// DiagonalLeaps returns the four diagonal leaps of n steps whose intermediate
// diagonal points must be empty (the elephant: n=2; Jinchan's 3-step elephant: n=3).
func DiagonalLeaps(n int, mode Mode) []Atom {
	var out []Atom
	for _, d := range Diag4 {
		at := Atom{Kind: Leap, DF: d[0] * n, DR: d[1] * n, Mode: mode}
		for i := 1; i < n; i++ {
			at.Blocks = append(at.Blocks, [2]int{d[0] * i, d[1] * i})
		}
		out = append(out, at)
	}
	return out
}

// InZone returns the atoms with To set to zone.
func InZone(zone string, atoms []Atom) []Atom {
	for i := range atoms {
		atoms[i].To = zone
	}
	return atoms
}

// FromZone returns the atoms with From set to zone.
func FromZone(zone string, atoms []Atom) []Atom {
	for i := range atoms {
		atoms[i].From = zone
	}
	return atoms
}

// Join concatenates atom lists.
func Join(lists ...[]Atom) []Atom {
	var out []Atom
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (k *Kind) validate() error {
	if k.Letter < 'A' || k.Letter > 'Z' {
		return fmt.Errorf("rules: kind %q has letter %q, want A-Z", k.Name, k.Letter)
	}
	for _, a := range k.Atoms {
		if a.Kind == Leap && a.DF == 0 && a.DR == 0 {
			return fmt.Errorf("rules: kind %q has a null leap", k.Name)
		}
		if (a.Kind == Ride || a.Kind == Hop || a.Kind == GapHop) && a.DF == 0 && a.DR == 0 {
			return fmt.Errorf("rules: kind %q has a directionless ride", k.Name)
		}
		if a.Min > 1 && (a.Kind != Ride || (a.Range > 0 && a.Min > a.Range)) {
			return fmt.Errorf("rules: kind %q has a minimum distance on an atom that is not a ride, or beyond its range", k.Name)
		}
		if len(a.Support) > 0 && a.Kind != Ride && a.Kind != Hop {
			return fmt.Errorf("rules: kind %q has a support on an atom that is not a ride or hop", k.Name)
		}
	}
	return nil
}

// PluralName is the kind's English plural, as in "Red has 3 horses".
func (k *Kind) PluralName() string {
	if k.Plural != "" {
		return k.Plural
	}
	return k.Name + "s"
}

// GlyphIn is the kind's character for side s in traditional script, or in
// simplified script when simplified is set and the kind has one there (many
// characters are the same in both, and only the differing ones are given).
func (k *Kind) GlyphIn(s Side, simplified bool) string {
	if simplified && k.Simple[s] != "" {
		return k.Simple[s]
	}
	return k.Glyph[s]
}
