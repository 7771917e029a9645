package rules

import (
	"strconv"
	"strings"
)

// Audience is who looks at a position: everybody (Public), or one player, who may
// also see their own secrets.
type Audience int8

// Audiences.
const (
	Public        Audience = -1
	RedAudience   Audience = Audience(Red)
	BlackAudience Audience = Audience(Black)
)

// AudienceOf is the private audience of side s.
func AudienceOf(s Side) Audience { return Audience(s) }

// Sees reports whether the audience is the owner side s.
func (a Audience) owns(s Side) bool { return a >= 0 && Side(a) == s }

func (a Audience) String() string {
	switch a {
	case Public:
		return "public"
	case RedAudience:
		return "red"
	case BlackAudience:
		return "black"
	}
	return "audience(" + strconv.Itoa(int(a)) + ")"
}

// ViewPiece is a piece as one audience sees it. A hidden piece has Letter 0 and
// empty glyphs: nothing of its identity is in the value.
type ViewPiece struct {
	Side   Side
	Letter byte   // FEN letter, uppercase; 0 when the audience cannot know the kind
	Glyph  string // traditional character for this side, "" when hidden
	Simple string // simplified character, "" when hidden
	// FaceDown is true for a piece lying face down. With Letter set, the audience
	// knows the kind anyway (its owner in fuhe).
	FaceDown bool
	// NoColour is true for a face-down piece whose colour is hidden too
	// (Variant.HiddenColours): Side is then Red and means nothing.
	NoColour bool
	Frozen   bool
	Pinned   bool
	// Pressed is the piece held down under this one (Jinchan's 凌馬 stack), or nil.
	Pressed *ViewPiece
	// Token marks a public mark a module draws like a piece on an extra point
	// (a flag on the flag ring, rules.ViewMarker); it is no piece of the
	// position and the view's FEN leaves it out.
	Token bool
	// Figure is the chess figure the kind is drawn as (Kind.Figure), or 0.
	Figure byte
	// Tile: the kind is drawn as a pentagon tile pointing at the opponent
	// (Kind.Tile, shogi pieces); Promoted: its glyph in the promoted colour.
	Tile, Promoted bool
	// Joins marks the neighbours that are squares of the same multi-cell piece
	// (Kind.Body), on Red's orientation: 1 right, 2 up, 4 left, 8 down.
	Joins uint8
	// Army is the kind's army (Kind.Army): 1 draws the piece in its side's
	// second-army colours.
	Army uint8
	// Marked: the kind asks for a badge (Kind.Marked).
	Marked bool
	// Turned marks a piece its owner's opponent moves now (Variant.Turned):
	// Side is then its owner, whose colours it keeps.
	Turned bool
}

// View is a position as one audience may see it: the only thing render, public
// texts and the bot's private messages are made from. It holds no secret the
// audience is not entitled to.
type View struct {
	Board    *Board
	Audience Audience
	ToMove   Side
	// Pieces by square; nil entries are empty squares.
	Pieces []*ViewPiece
	// LastFrom and LastTo mark the last move (NoSquare when none).
	LastFrom, LastTo Square
	// Removed lists the squares, besides LastFrom and LastTo, whose piece the
	// last move took off the board (several captures at once), in order.
	Removed []Square
	// InCheck lists the royal pieces that stand attacked, by square (an order
	// that depends only on public facts).
	InCheck []Square
	// Hands are each side's pieces in hand (drop games), one entry a piece, by
	// kind; in a game with a pool (Position.Pool) the pieces not yet seen; nil
	// without either.
	Hands [2][]*ViewPiece
}

// FEN writes the board part of the view as FEN: a face-down piece the audience
// cannot identify is `*X`/`*x`, one it can is `*R`; a stack is `(Nr)`.
func (v *View) FEN() string {
	var sb strings.Builder
	b := v.Board
	for r := b.Height - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.Width; f++ {
			sq := Square(r*b.Width + f)
			p := v.Pieces[sq]
			if p == nil {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if p.Pressed != nil {
				sb.WriteByte('(')
				writeViewPiece(&sb, p)
				writeViewPiece(&sb, p.Pressed)
				sb.WriteByte(')')
				continue
			}
			writeViewPiece(&sb, p)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func writeViewPiece(sb *strings.Builder, p *ViewPiece) {
	if p.NoColour {
		sb.WriteByte('X') // banqi's face-down piece: neither kind nor colour
		return
	}
	if p.FaceDown {
		sb.WriteByte('*')
	}
	c := p.Letter
	if c == 0 {
		c = 'X'
	}
	if p.Side == Black {
		c += 'a' - 'A'
	}
	sb.WriteByte(c)
}
